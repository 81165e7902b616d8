// Each employee's pseudonym (CONTRACT 19), kept in their row: an import derives those of the touched
// workspaces' employees who have none yet (new ones, and every one after an upgrade), so that a
// request never hashes; a rotation replaces the organization's secret and every pseudonym under it.

import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { Database } from '../../db/tables.js'
import type { WriteSession } from '../../db/write-session.js'
import { timestampFromMillis } from '../../domain/time.js'
import { newSecret, pseudonymOf } from '../../privacy/pseudonyms.js'

/** The secrets of these organizations (raw bytes), made for those without one. */
async function secretsOf(
  session: WriteSession,
  organizations: readonly string[],
): Promise<Map<string, Buffer>> {
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

/** Writes the pseudonym of each employee listed with their organization. */
async function writePseudonyms(
  session: WriteSession,
  employees: readonly { id: string; organization_id: string }[],
): Promise<number> {
  if (employees.length === 0) return 0
  const secrets = await secretsOf(session, [...new Set(employees.map((e) => e.organization_id))])
  const rows = employees.map((e) => [e.id, pseudonymOf(secrets.get(e.organization_id) as Buffer, e.id)])
  return session.updateMany('employees', ['id'], ['pseudonym'], rows)
}

/** The pseudonyms the touched workspaces' employees lack (ImportSteps.derive). */
export async function keepPseudonyms(session: WriteSession): Promise<void> {
  const lacking = await session.rows<{ id: string; organization_id: string }>(sql`
    select e.id, w.organization_id from employees e join workspaces w on w.id = e.workspace_id
    where e.pseudonym is null and e.workspace_id in (select workspace_id from stg_touched)
    order by e.id`)
  await writePseudonyms(session, lacking)
}

/** A workspace `w` with an employee without a pseudonym (ImportSteps.missing). */
export const pseudonymsMissing: RawBuilder<SqlBool> = sql<SqlBool>`exists (
  select 1 from employees e where e.pseudonym is null and e.workspace_id = w.id)`

/**
 * Replaces the organization's secret and every pseudonym of its employees; returns how many
 * employees it renamed. Cursors of pseudonymous keys, sealed under the old secret, stop opening.
 */
export async function rotatePseudonyms(session: WriteSession, organizationId: string): Promise<number> {
  await session.exec(sql`delete from pseudonym_secrets where organization_id = ${organizationId}`)
  const employees = await session.rows<{ id: string; organization_id: string }>(sql`
    select e.id, w.organization_id from employees e join workspaces w on w.id = e.workspace_id
    where w.organization_id = ${organizationId} order by e.id`)
  const renamed = await writePseudonyms(session, employees)
  // An organization without employees gets its new secret all the same.
  if (employees.length === 0) await secretsOf(session, [organizationId])
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
