// Each employee's pseudonym (CONTRACT 19) and their JSON as a pseudonymous key sees it, kept in
// employees_pseudonymous: an import renders the employees it merged (and, after an upgrade, every
// employee of a workspace with none), so that a request never hashes nor rewrites an employee; a
// rotation replaces the organization's secret and every rendering under it. The employees' own rows
// are never updated for it.

import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import { encodeRows, type Value } from '../../db/bulk-rows.js'
import type { Database } from '../../db/tables.js'
import { type WriteSession, workspaceList } from '../../db/write-session.js'
import { timestampFromMillis } from '../../domain/time.js'
import { peopleOf } from '../../privacy/people.js'
import { newSecret, pseudonymOf } from '../../privacy/pseudonyms.js'
import type { ChangedRecords } from '../../records/spec.js'
import { employeeRecord } from './record.js'
import { Employee } from './schema.js'

/** The secrets of these organizations (raw bytes), made for those without one. */
async function secretsOf(
  session: WriteSession,
  organizations: readonly string[],
): Promise<Map<string, Buffer>> {
  if (organizations.length === 0) return new Map()
  const found = await session.rows<{ organization_id: string; secret: string }>(sql`
    select organization_id, secret from pseudonym_secrets
    where organization_id in (${sql.join(organizations)})`)
  const secrets = new Map(found.map((r) => [r.organization_id, Buffer.from(r.secret, 'base64')]))
  const now = timestampFromMillis(Date.now())
  for (const organization of organizations) {
    if (secrets.has(organization)) continue
    const secret = newSecret()
    await session.exec(sql`insert into pseudonym_secrets (organization_id, secret, created_at)
      values (${organization}, ${secret}, ${now})`)
    secrets.set(organization, Buffer.from(secret, 'base64'))
  }
  return secrets
}

/** What a pseudonymous key sees of an employee (the schema's marks): the one step, as stored. */
const EMPLOYEE_PEOPLE = peopleOf(Employee)

/** Employees rendered per statement: their JSON is read and written in batches of this many. */
const BATCH = 1000

interface Unrendered {
  id: string
  workspace_id: string
  organization_id: string
  created_at: string
  status: string
  karma_score: number | null
  json: string
  manager_id: string | null
}

/** The columns of `employees_pseudonymous`, in the order its rows are written. */
const COLUMNS = ['id', 'workspace_id', 'pseudonym', 'created_at', 'status', 'karma_score', 'json', 'people']

/**
 * The order renderings are written in, of the employees aliased `alias`: the list's, the employees'
 * own (their record's `writeOrder`), so that the rows of one page sit together.
 */
const listOrder = (alias: string) =>
  sql.raw(
    (employeeRecord.writeOrder as string)
      .split(', ')
      .map((term) => `${alias}.${term}`)
      .join(', '),
  )

/**
 * Writes the row of `employees_pseudonymous` of each of these employees (in the list's order): their pseudonym under
 * their organization's secret, and their stored JSON through the one step (EMPLOYEE_PEOPLE), their
 * own id and their manager's by pseudonym, with the real ids of both (`people`). The employees' rows
 * are only read. Returns how many.
 */
export async function renderPseudonymous(session: WriteSession, ids: readonly string[]): Promise<number> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH)
    const employees = await session.rows<Unrendered>(sql`
      select e.id, e.workspace_id, w.organization_id, e.created_at, e.status, e.karma_score, e.json,
        e.manager_id
      from employees e join workspaces w on w.id = e.workspace_id
      where e.id in (${sql.join(batch)}) order by ${listOrder('e')}`)
    const secretOf = await secretsOf(session, [...new Set(employees.map((e) => e.organization_id))])
    const rows: Value[][] = employees.map((e) => {
      // A manager is of the employee's workspace (the import checks it): same organization, same secret.
      const secret = secretOf.get(e.organization_id) as Buffer
      const own = pseudonymOf(secret, e.id)
      const item = JSON.parse(e.json) as unknown
      const seen = EMPLOYEE_PEOPLE.hide(item, (id) => {
        if (id === e.id) return own
        if (id === e.manager_id) return pseudonymOf(secret, id)
        throw new Error('an employee names a person other than themselves and their manager')
      })
      // Whom the rendering carries, by real id: the disclosure record keeps them so (CONTRACT 20).
      const people = new Set<string>()
      EMPLOYEE_PEOPLE.ids(item, people)
      return [
        e.id,
        e.workspace_id,
        own,
        e.created_at,
        e.status,
        e.karma_score,
        JSON.stringify(seen),
        [...people].join(','),
      ]
    })
    await session.exec(sql`delete from employees_pseudonymous where id in (${sql.join(batch)})`)
    await session.insertMany('employees_pseudonymous', COLUMNS, encodeRows(session.dialect, rows))
  }
  return ids.length
}

/**
 * The renderings of the employees the import merged (ImportSteps.afterMerge): new and changed
 * ones. A manager's new name changes none (a pseudonymous reference has no name); a new manager is
 * a change of the employee.
 */
export async function renderChanged(session: WriteSession, changed: ChangedRecords): Promise<void> {
  if (changed.state('employee') === 'none') return
  const ids = await session.rows<{ id: string }>(
    sql`select id from stg_employee where ${sql.raw(changed.where('employee'))} order by ${listOrder('stg_employee')}`,
  )
  await renderPseudonymous(
    session,
    ids.map((r) => r.id),
  )
}

/** SQL: a workspace `w` with employees and none rendered (a release added the renderings since). */
const UNRENDERED = (w: string) => `exists (select 1 from employees e where e.workspace_id = ${w})
  and not exists (select 1 from employees_pseudonymous p where p.workspace_id = ${w})`

/**
 * What the touched workspaces lack (ImportSteps.derive): every employee's rendering of a workspace
 * with none (after the upgrade that added them), and none of an employee a --replace deleted; and
 * each touched organization its secret, employees or not: its events may name employees deleted
 * since (an organization emptied before the secrets were kept has them).
 */
export async function keepPseudonyms(session: WriteSession): Promise<void> {
  const lacking = await session.rows<{ id: string }>(sql`select e.id from employees e
    where e.workspace_id in (
      select t.workspace_id from stg_touched t where ${sql.raw(UNRENDERED('t.workspace_id'))})
    order by ${listOrder('e')}`)
  await renderPseudonymous(
    session,
    lacking.map((e) => e.id),
  )
  const replaced = sql.raw(await workspaceList(session, 'stg_replaced'))
  await session.exec(sql`delete from employees_pseudonymous
    where workspace_id in ${replaced}
      and not exists (select 1 from employees e where e.id = employees_pseudonymous.id)`)
  const organizations = await session.rows<{ organization_id: string }>(sql`
    select distinct w.organization_id from workspaces w
    where w.id in (select workspace_id from stg_touched) order by w.organization_id`)
  await secretsOf(
    session,
    organizations.map((o) => o.organization_id),
  )
}

/**
 * A workspace `w` with employees not rendered for pseudonymous keys, or whose organization has no
 * secret (ImportSteps.missing).
 */
export const pseudonymsMissing: RawBuilder<SqlBool> = sql<SqlBool>`(${sql.raw(UNRENDERED('w.id'))}
  or not exists (select 1 from pseudonym_secrets s where s.organization_id = w.organization_id))`

/**
 * Replaces the organization's secret and every pseudonym of its employees, with their pseudonymous
 * renderings; returns how many employees it renamed. Cursors of pseudonymous keys, sealed under the
 * old secret, stop opening.
 */
export async function rotatePseudonyms(session: WriteSession, organizationId: string): Promise<number> {
  await session.exec(sql`delete from pseudonym_secrets where organization_id = ${organizationId}`)
  await secretsOf(session, [organizationId])
  const employees = await session.rows<{ id: string }>(sql`
    select e.id from employees e join workspaces w on w.id = e.workspace_id
    where w.organization_id = ${organizationId} order by ${listOrder('e')}`)
  const renamed = await renderPseudonymous(
    session,
    employees.map((e) => e.id),
  )
  // Its ETags derive from its generation: a pseudonymous answer kept by a client is no longer current.
  await session.exec(sql`update organization_generations set generation = generation + 1
    where organization_id = ${organizationId}`)
  return renamed
}

/**
 * The pseudonym of each of these employees of the organization: kept in their row, or, for one
 * deleted since (an event names them), made from the organization's secret, as it would be kept.
 * An id the organization has no secret for is left out (the caller refuses to show it).
 */
export async function organizationPseudonyms(
  db: Kysely<Database>,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const kept = await db
    .selectFrom('employees_pseudonymous as p')
    .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
    .select(['p.id', 'p.pseudonym'])
    .where('w.organization_id', '=', organizationId)
    .where('p.id', 'in', ids)
    .execute()
  const found = new Map(kept.map((r) => [r.id, r.pseudonym] as const))
  const departed = ids.filter((id) => !found.has(id))
  if (departed.length === 0) return found
  const row = await db
    .selectFrom('pseudonym_secrets')
    .select('secret')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  if (row === undefined) return found
  const secret = Buffer.from(row.secret, 'base64')
  for (const id of departed) found.set(id, pseudonymOf(secret, id))
  return found
}

/**
 * The real ids of the organization's employees who have these pseudonyms now: what a pseudonymous
 * reader was shown, as the disclosure record keeps it (CONTRACT 20).
 */
export async function employeesOfPseudonyms(
  db: Kysely<Database>,
  organizationId: string,
  pseudonyms: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (let i = 0; i < pseudonyms.length; i += 500) {
    const rows = await db
      .selectFrom('employees_pseudonymous as p')
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .select(['p.id', 'p.pseudonym'])
      .where('w.organization_id', '=', organizationId)
      .where('p.pseudonym', 'in', pseudonyms.slice(i, i + 500))
      .execute()
    for (const r of rows) found.set(r.pseudonym, r.id)
  }
  return found
}
