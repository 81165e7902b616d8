// Engines name no resource: everything a resource adds is declared in its folder and gathered from
// the one list in src/resources/index.ts. Outside src/resources (and the migrations, which are
// history), no module may name a resource's path, table, import record type or event type. The
// tenancy (organizations and their workspaces) is the engine's own: every key, query and import
// is scoped by it.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { test } from 'node:test'
import { EVENT_TYPES, RECORDS } from '../../src/resources/index.js'
import { resourceTables } from '../helpers/resource-tables.js'
import { ROOT } from '../helpers/root.js'
import { modules } from './modules.js'

const SRC = resolve(ROOT, 'src')
const TENANCY = new Set(['organization', 'workspace'])

function resourcePaths(): string[] {
  const doc = JSON.parse(readFileSync(resolve(SRC, '../openapi.json'), 'utf8'))
  return [...new Set(Object.keys(doc.paths).map((p) => `/v1/${p.split('/')[2]}`))]
}

/** Code without its whole-line comments (they may give examples) and with its string contents. */
function strings(text: string): string[] {
  const code = text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '')
  return [...code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => (m[1] ?? m[2] ?? m[3]) as string)
}

/** What in `text` names a resource. */
function namesIn(text: string, names: { tables: string[]; types: string[]; paths: string[] }): string[] {
  const found = new Set<string>()
  const database = /interface Database \{([^}]*)\}/.exec(text)?.[1] ?? ''
  for (const table of names.tables) {
    if (new RegExp(`^\\s+${table}:`, 'm').test(database)) found.add(`table ${table} (in Database)`)
  }
  for (const s of strings(text)) {
    for (const table of names.tables) {
      if (s === table || new RegExp(`\\b(from|join|into|update|table|analyze)\\s+"?${table}\\b`, 'i').test(s))
        found.add(`table ${table}`)
    }
    for (const type of names.types) {
      if (s === type || new RegExp(`\\bstg_${type}\\b`).test(s)) found.add(`record type ${type}`)
    }
    for (const type of EVENT_TYPES) if (s.includes(type)) found.add(`event type ${type}`)
    for (const path of names.paths) if (new RegExp(`${path}\\b`).test(s)) found.add(`path ${path}`)
  }
  return [...found]
}

const names = {
  tables: resourceTables(),
  types: RECORDS.map((r) => r.type as string).filter((t) => !TENANCY.has(t)),
  paths: resourcePaths(),
}

test('the names the test looks for are found where they are declared', () => {
  assert.ok(names.tables.includes('employees') && names.tables.includes('compromised_employees'))
  assert.ok(names.paths.includes('/v1/employees') && names.paths.includes('/v1/events'))
  const employeeEvents = readFileSync(join(SRC, 'resources/employees/events.ts'), 'utf8')
  assert.deepEqual(namesIn(employeeEvents, names).sort(), [
    'event type employee.erased',
    'record type employee',
    'table employees',
  ])
  assert.deepEqual(namesIn("const t = 'employee.created'\nfetch('/v1/breaches/x')", names), [
    'event type employee.created',
    'path /v1/breaches',
  ])
})

test('no module outside src/resources names a resource', () => {
  const wrong: string[] = []
  for (const path of modules(SRC)) {
    const where = relative(SRC, path)
    if (where.startsWith('resources/') || where.startsWith('db/migrations/')) continue
    // Generated from the resources' declarations (npm run openapi), checked for drift: their list.
    if (where === 'domain/event-types.ts') continue
    for (const name of namesIn(readFileSync(path, 'utf8'), names)) wrong.push(`${where}: ${name}`)
  }
  assert.deepEqual(wrong, [])
})
