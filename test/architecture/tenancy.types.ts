// Compiled, never run: every statement of a request begins from a grant or a verified key, so an
// unscoped statement does not compile. Each `@ts-expect-error` is a statement that must be refused;
// should the types ever accept it, the directive is unused and this file fails to compile
// (`npm run check`, and tenancy.test.ts in `npm test`).

import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import * as access from '../../src/access.js'
import {
  keyRows,
  type WorkspaceGrant,
  type WorkspaceRows,
  workspaceRows,
  workspaceStatement,
  workspaceValue,
} from '../../src/access.js'
import type { Database } from '../../src/db/tables.js'
import type { KeyIdentity } from '../../src/keys/keys.js'
import type { ListDefinition } from '../../src/paging/keyset.js'
import { byKey, inGrant } from '../../src/resources/sql.js'
import { defineItem } from '../../src/routing/item.js'
import { workspaceId } from '../../src/routing/schemas.js'

declare const db: Kysely<Database>
declare const grant: WorkspaceGrant
declare const key: KeyIdentity
declare const app: FastifyInstance

// What a route module is given holds no database handle: its statements begin from what the
// engines hand them (a grant's rows, the key's rows).
app.api.eventsRetentionMs
// @ts-expect-error a route's app has no database handle
app.api.db
// Nor are workspace rows made from a marker of the caller's choosing: only paging compiles a shape,
// over a marker no workspace has.
access.workspaceShape(db, (from) => from)
// @ts-expect-error workspace rows from any string are no export
access.workspaceRowsMarked(db, 'f5b5c2a8-8d1a-4c49-9a3f-2b1d6f0c4e11')

// A list begun from the grant compiles.
export const scoped = {
  name: 'scoped',
  rows: (from) =>
    from.selectFrom('employees as e').select(['e.json', 'e.created_at as sort_at', 'e.id as sort_id']),
  at: 'e.created_at',
  id: 'e.id',
} satisfies ListDefinition<Record<never, never>>

export const unscopedList = {
  name: 'unscoped',
  // @ts-expect-error a list's rows are given the grant's rows, never the database
  rows: (database: Kysely<Database>) =>
    database.selectFrom('employees as e').select(['e.json', 'e.created_at as sort_at', 'e.id as sort_id']),
  at: 'e.created_at',
  id: 'e.id',
} satisfies ListDefinition<Record<never, never>>

export const rawWorkspaceList = {
  name: 'raw workspace',
  // @ts-expect-error nor a workspace id of the caller's choosing
  rows: (workspace: string) =>
    db
      .selectFrom('employees as e')
      .select(['e.json', 'e.created_at as sort_at', 'e.id as sort_id'])
      .where('e.workspace_id', '=', workspace),
  at: 'e.created_at',
  id: 'e.id',
} satisfies ListDefinition<Record<never, never>>

// A grant is made by the access check alone: not from a raw id, nor from a look-alike object.
// @ts-expect-error a raw string is no grant
workspaceRows(db, 'f5b5c2a8-8d1a-4c49-9a3f-2b1d6f0c4e11')
// @ts-expect-error an object shaped like a grant is none
workspaceRows(db, { organizationId: 'o', workspaceId: 'w' })
workspaceRows(db, grant)

// Statistics and reach checks: begun from the grant's rows.
export const statistics = inGrant(
  async (from: WorkspaceRows) => from.selectFrom('employee_statistics').selectAll().execute(),
  {
    '': [],
  },
)
export const unscopedStatistics = inGrant(
  // @ts-expect-error a statistics statement is given the grant's rows, never the database
  async (database: Kysely<Database>) => database.selectFrom('employee_statistics').selectAll().execute(),
  { '': [] },
)
export const unscopedRead = defineItem({
  operationId: 'unscoped',
  path: '/unscoped',
  summary: '',
  description: '',
  scope: 'workspace:read',
  parameters: { workspace_id: workspaceId },
  item: 'EmployeeStatistics',
  // @ts-expect-error an item operation reads from the grant's rows, never the database
  read: (database: Kysely<Database>) => database.selectFrom('employee_statistics').selectAll().execute(),
})

// A single item by id: begun from a verified key.
export const find = byKey(
  async (from, id: string) =>
    from.byId('employees as e', id).select(sql<string>`e.json`.as('json')).executeTakeFirst(),
  {},
)
keyRows(db, key)
// @ts-expect-error a key's reach comes from verifying a key, not from an object shaped like one
keyRows(db, { organizationId: 'o', workspaceId: null })
export const unscopedFind = byKey(
  // @ts-expect-error a single-item statement is given the key's rows, never the database
  async (database: Kysely<Database>, id: string) =>
    database.selectFrom('employees').select('json').where('id', '=', id).executeTakeFirst(),
  {},
)

// A value read on every request: its statement too begins from the grant's rows.
export const population = workspaceValue((from) =>
  from.selectFrom('employee_statistics').select('employees').where('status', '=', 'active'),
)
export const unscopedValue = workspaceValue(
  // @ts-expect-error a workspace value is built from the grant's rows, never the database
  (database: Kysely<Database>) => database.selectFrom('employee_statistics').select('employees'),
)
// So are the rows of a statement of one shape, whatever its arguments.
export const byStatus = workspaceStatement<[string]>(1, (from, status) =>
  from.selectFrom('employee_statistics').select('employees').where('status', '=', status),
)
export const unscopedStatement = workspaceStatement<[string]>(
  1,
  // @ts-expect-error a workspace statement is built from the grant's rows, never the database
  (database: Kysely<Database>, status: string) =>
    database.selectFrom('employee_statistics').select('employees').where('status', '=', status),
)
