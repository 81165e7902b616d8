// The employee import record (CONTRACT 12) and how it is staged: its own fields are rendered at
// once around the manager's slot (render.ts); the manager's reference is joined in at merge.

import Type from 'typebox'
import {
  AnyTimestamp,
  AnyUuid,
  Count,
  id,
  isTimeZone,
  Name,
  Ref,
  Text,
  timestamp,
} from '../../records/fields.js'
import { defineRecord } from '../../records/spec.js'
import { Closed, Nullable, StringEnum } from '../../schemas/common.js'
import { MERGED_JSON, sameAroundSlot } from './manager-slot.js'
import { employeeParts, referenceJson } from './render.js'
import { EMAIL_SOURCES, EMPLOYEE_STATUSES, LANGUAGES, SECURITY_LEVELS } from './values.js'

const EmployeeRecord = Type.Object(
  {
    type: Type.Literal('employee'),
    id: AnyUuid,
    name: Nullable(Text()),
    username: Nullable(Text()),
    primary_email_address: Type.Optional(Nullable(Text())),
    email_addresses: Type.Array(
      Closed({ address: Name(), is_primary: Type.Boolean(), source: StringEnum(EMAIL_SOURCES) }),
      { maxItems: 100 },
    ),
    country_code: Nullable(Type.String({ pattern: '^[A-Z]{2}$' })),
    department: Nullable(Closed({ name: Text() })),
    job_title: Nullable(Text()),
    language: Nullable(StringEnum(LANGUAGES)),
    timezone: Name(100),
    status: StringEnum(EMPLOYEE_STATUSES),
    karma: Nullable(Closed({ score: Count, security_level: StringEnum(SECURITY_LEVELS) })),
    manager: Nullable(Ref),
    workspace: Ref,
    created_at: AnyTimestamp,
    updated_at: AnyTimestamp,
  },
  { additionalProperties: false },
)

export const employeeRecord = defineRecord({
  type: 'employee',
  schema: EmployeeRecord,
  columns: [
    'id',
    'workspace_id',
    'status',
    'karma_score',
    'karma_level',
    'manager_id',
    'department',
    'country_code',
    'created_at',
    'ref_json',
    'json_head',
    'json_tail',
  ],
  toRow(r, e) {
    const primaries = r.email_addresses.filter((a) => a.is_primary)
    if (primaries.length > 1) e.push('employee.email_addresses: at most one address may be primary')
    const primary = primaries[0]?.address ?? null
    if (r.primary_email_address !== undefined && r.primary_email_address !== primary) {
      e.push(
        `employee.primary_email_address: must equal the primary entry of email_addresses (${JSON.stringify(primary)})`,
      )
    }
    if (!isTimeZone(r.timezone))
      e.push(`employee.timezone: ${JSON.stringify(r.timezone)} is not a time-zone name`)
    if (r.manager !== null && id(r.manager.id) === id(r.id))
      e.push('employee.manager: an employee cannot manage itself')
    const employee = {
      id: id(r.id),
      name: r.name,
      username: r.username,
      primary_email_address: primary,
      email_addresses: r.email_addresses.map((a) => ({
        address: a.address,
        is_primary: a.is_primary,
        source: a.source,
      })),
      country_code: r.country_code,
      department: r.department === null ? null : { name: r.department.name },
      job_title: r.job_title,
      language: r.language,
      timezone: r.timezone,
      status: r.status,
      karma: r.karma === null ? null : { score: r.karma.score, security_level: r.karma.security_level },
      workspace: { id: id(r.workspace.id) },
      created_at: timestamp(r.created_at, 'employee.created_at', e),
      updated_at: timestamp(r.updated_at, 'employee.updated_at', e),
    }
    const { head, tail } = e.length > 0 ? { head: '', tail: '' } : employeeParts(employee)
    return {
      id: employee.id,
      workspace_id: employee.workspace.id,
      status: employee.status,
      karma_score: employee.karma?.score ?? null,
      karma_level: employee.karma?.security_level ?? null,
      manager_id: r.manager === null ? null : id(r.manager.id),
      department: employee.department?.name ?? null,
      country_code: employee.country_code,
      created_at: employee.created_at,
      ref_json: referenceJson(employee),
      json_head: head,
      json_tail: tail,
    }
  },
  target: 'employees',
  integers: ['karma_score'],
  key: ['id'],
  workspaceColumn: 'workspace_id',
  writeOrder: 'workspace_id, created_at desc, id desc',
  computed: { json: MERGED_JSON },
  stagingOnly: ['json_head', 'json_tail'],
  // The employee's own fields, compared around the manager's slot (its reference follows the
  // manager's record).
  sameStored: sameAroundSlot('t.json', 'stg_employee.json_head', 'stg_employee.json_tail'),
  stagingIndexes: [['manager_id']],
  // The workspace of an employee named by a manager, progress or feedback record.
  keyIndexIncludes: ['workspace_id'],
})
