// The CSV columns of `awareness export` are derived from the published schemas; these are the
// columns integrators' spreadsheets and loaders were built against (docs/export.md).

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { EXPORTS, STAYING_BEHIND } from '../../src/resources/index.js'
import { EXPORT_DOC_PATH, generateExportDoc } from '../../tools/export-doc.js'

const CSV_COLUMNS = Object.fromEntries(EXPORTS.map((e) => [e.name, e.columns]))

const reference = (prefix: string) =>
  ['id', 'name', 'primary_email_address', 'username'].map((c) => `${prefix}.${c}`)

// Columns integrators built against never change; a new export's columns follow its schema.
test('the exports integrators know keep their columns, in their order', () => {
  const known: Record<string, readonly string[]> = {
    employees: [
      'id',
      'name',
      'username',
      'primary_email_address',
      'email_addresses',
      'country_code',
      'department.name',
      'job_title',
      'language',
      'timezone',
      'status',
      'karma.score',
      'karma.security_level',
      ...reference('manager'),
      'workspace.id',
      'created_at',
      'updated_at',
    ],
    courses: [
      'id',
      'name',
      'slug',
      'description',
      'duration',
      'theme',
      'settings',
      'created_at',
      'updated_at',
    ],
    progress: [
      ...reference('employee'),
      'course.id',
      'course.name',
      'course.slug',
      'course.description',
      'status',
      'years',
      'quiz_score',
    ],
    statistics: [
      'active_employees',
      'covered_employees',
      'average_courses_completed',
      'positive_feedbacks',
      'neutral_feedbacks',
      'negative_feedbacks',
    ],
    breaches: [
      'id',
      'name',
      'domain',
      'status',
      'criticality',
      'impacted',
      'warned',
      'acknowledged',
      'last_breached_at',
      'created_at',
      'updated_at',
    ],
    compromised: [
      ...reference('employee'),
      'compromised_at',
      'warned_at',
      'acknowledged_at',
      'breached_accounts',
    ],
    organization: [
      'organization.id',
      'organization.created_at',
      'organization.updated_at',
      'workspace.id',
      'workspace.name',
      'workspace.created_at',
      'workspace.updated_at',
    ],
    // The object and previous_attributes as JSON text: their shape depends on the event's type.
    events: ['id', 'type', 'created_at', 'workspace_id', 'data.object', 'data.previous_attributes'],
  }
  for (const [name, columns] of Object.entries(known)) assert.deepEqual(CSV_COLUMNS[name], columns, name)
})

test('every export has columns, each named once', () => {
  for (const [name, columns] of Object.entries(CSV_COLUMNS)) {
    assert.ok(columns.length > 0, name)
    assert.equal(new Set(columns).size, columns.length, name)
  }
})

test('docs/export.md lists every export with its columns and what cannot travel, as generated (npm run openapi after a change)', () => {
  assert.equal(readFileSync(EXPORT_DOC_PATH, 'utf8'), generateExportDoc(EXPORTS, STAYING_BEHIND))
})
