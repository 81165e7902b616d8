// Each employee's pseudonym (CONTRACT 19), kept in their row, and their JSON as a pseudonymous key
// sees it, kept in employees_pseudonymous: an import derives both for the touched workspaces'
// employees who lack them (new ones, changed ones, every one after an upgrade), so that a request
// never hashes nor rewrites an employee; a rotation replaces the organization's secret and both.

import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import { encodeRows, type Value } from '../../db/bulk-rows.js'
import type { Database } from '../../db/tables.js'
import { type WriteSession, workspaceList } from '../../db/write-session.js'
import { timestampFromMillis } from '../../domain/time.js'
import { peopleOf } from '../../privacy/people.js'
import { newSecret, pseudonymOf } from '../../privacy/pseudonyms.js'
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
  pseudonym: string | null
  manager_id: string | null
  manager_pseudonym: string | null
}

/** The columns of `employees_pseudonymous`, in the order its rows are written. */
const PSEUDONYMOUS_COLUMNS = ['id', 'workspace_id', 'created_at', 'status', 'karma_score', 'json']

/**
 * Keeps, for each of these employees (ids in id order), their pseudonym and their row of
 * `employees_pseudonymous` (which a pseudonymous key's pages send as stored): the employee's stored
 * JSON through the one step (EMPLOYEE_PEOPLE), their own id and their manager's by the pseudonyms
 * under the organization's secret. `fresh`: every pseudonym made anew (a rotation); otherwise a
 * kept one stays. Returns how many employees it wrote.
 */
async function renderPseudonymous(
  session: WriteSession,
  ids: readonly string[],
  secrets: (organizations: readonly string[]) => Promise<Map<string, Buffer>>,
  fresh: boolean,
): Promise<number> {
  let written = 0
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH)
    const employees = await session.rows<Unrendered>(sql`
      select e.id, e.workspace_id, w.organization_id, e.created_at, e.status, e.karma_score, e.json,
        e.pseudonym, e.manager_id, m.pseudonym as manager_pseudonym
      from employees e join workspaces w on w.id = e.workspace_id
        left join employees m on m.id = e.manager_id
      where e.id in (${sql.join(batch)}) order by e.id`)
    const secretOf = await secrets([...new Set(employees.map((e) => e.organization_id))])
    const pseudonyms: Value[][] = []
    const rendered: Value[][] = []
    for (const e of employees) {
      const secret = secretOf.get(e.organization_id) as Buffer
      const own = (!fresh && e.pseudonym) || pseudonymOf(secret, e.id)
      // A manager is of the employee's workspace (the import checks it): same organization, same secret.
      const manager =
        e.manager_id === null ? null : (!fresh && e.manager_pseudonym) || pseudonymOf(secret, e.manager_id)
      const seen = EMPLOYEE_PEOPLE.hide(JSON.parse(e.json), (id) => {
        if (id === e.id) return own
        if (id === e.manager_id && manager !== null) return manager
        throw new Error('an employee names a person other than themselves and their manager')
      })
      pseudonyms.push([e.id, own])
      rendered.push([e.id, e.workspace_id, e.created_at, e.status, e.karma_score, JSON.stringify(seen)])
    }
    written += await session.updateMany('employees', ['id'], ['pseudonym'], pseudonyms)
    await session.exec(sql`delete from employees_pseudonymous where id in (${sql.join(batch)})`)
    await session.insertMany(
      'employees_pseudonymous',
      PSEUDONYMOUS_COLUMNS,
      encodeRows(session.dialect, rendered),
    )
  }
  return written
}

/**
 * The pseudonyms and pseudonymous renderings the touched workspaces' employees lack
 * (ImportSteps.derive): new employees, changed ones (the merge clears their pseudonym), every one
 * after an upgrade; and the renderings of employees a --replace deleted, deleted with them.
 */
export async function keepPseudonyms(session: WriteSession): Promise<void> {
  const lacking = await session.rows<{ id: string }>(sql`
    select e.id from employees e
    where e.pseudonym is null and e.workspace_id in (select workspace_id from stg_touched)
    order by e.id`)
  await renderPseudonymous(
    session,
    lacking.map((e) => e.id),
    (organizations) => secretsOf(session, organizations),
    false,
  )
  const replaced = sql.raw(await workspaceList(session, 'stg_replaced'))
  await session.exec(sql`delete from employees_pseudonymous
    where workspace_id in ${replaced}
      and not exists (select 1 from employees e where e.id = employees_pseudonymous.id)`)
  // Every touched organization has its secret, employees or not: its events may name employees
  // deleted since (an organization emptied before the secrets were kept has them).
  const organizations = await session.rows<{ organization_id: string }>(sql`
    select distinct w.organization_id from workspaces w
    where w.id in (select workspace_id from stg_touched) order by w.organization_id`)
  await secretsOf(
    session,
    organizations.map((o) => o.organization_id),
  )
}

/**
 * A workspace `w` with an employee without a pseudonym (nor their rendering), or whose
 * organization has no secret (ImportSteps.missing).
 */
export const pseudonymsMissing: RawBuilder<SqlBool> = sql<SqlBool>`(exists (
    select 1 from employees e where e.pseudonym is null and e.workspace_id = w.id)
  or not exists (select 1 from pseudonym_secrets s where s.organization_id = w.organization_id))`

/**
 * Replaces the organization's secret and every pseudonym of its employees, with their pseudonymous
 * renderings; returns how many employees it renamed. Cursors of pseudonymous keys, sealed under the old
 * secret, stop opening.
 */
export async function rotatePseudonyms(session: WriteSession, organizationId: string): Promise<number> {
  await session.exec(sql`delete from pseudonym_secrets where organization_id = ${organizationId}`)
  const secrets = await secretsOf(session, [organizationId])
  const employees = await session.rows<{ id: string }>(sql`
    select e.id from employees e join workspaces w on w.id = e.workspace_id
    where w.organization_id = ${organizationId} order by e.id`)
  const renamed = await renderPseudonymous(
    session,
    employees.map((e) => e.id),
    async () => secrets,
    true,
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
    .selectFrom('employees as e')
    .innerJoin('workspaces as w', 'w.id', 'e.workspace_id')
    .select(['e.id', 'e.pseudonym'])
    .where('w.organization_id', '=', organizationId)
    .where('e.id', 'in', ids)
    .execute()
  const found = new Map(kept.flatMap((r) => (r.pseudonym === null ? [] : [[r.id, r.pseudonym] as const])))
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
