// What an erasure leaves for later imports (CONTRACT 20): a keyed hash of each erased id, under a
// secret of the service's own; an import hashes the ids its records name and skips those of an
// erasure that stands (until `awareness erasures lift`), in whatever organization.

import { createHmac } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { encodeRows } from '../db/bulk-rows.js'
import { ERASURE_SECRET } from '../db/state.js'
import type { Database } from '../db/tables.js'
import { analyzeTemporary, type WriteSession } from '../db/write-session.js'
import { timestampFromMillis } from '../domain/time.js'
import { IMPORT_STEPS, PERSONS } from '../resources/index.js'
import { SPECS, TYPES } from './staging.js'

/** Ids per statement that lists them. */
const BATCH = 500

/** What an erasure keeps of an id: HMAC-SHA256 under the service's erasure secret, hex. */
export const erasedIdHash = (secret: Buffer, id: string): string =>
  createHmac('sha256', secret).update(id).digest('hex')

const SECRET = sql<{ value: string }>`select value from service_state where name = ${ERASURE_SECRET}`

/** The service's erasure secret (raw bytes), or null before the first erasure. */
export async function storedErasureSecret(from: WriteSession | Kysely<Database>): Promise<Buffer | null> {
  const [row] = 'rows' in from ? await from.rows(SECRET) : (await SECRET.execute(from)).rows
  return row === undefined ? null : Buffer.from(row.value, 'base64')
}

/**
 * An import, once its records are read: the staged records of people whose erasure stands, and
 * those that belong to them, deleted from staging (what other people's records say of them is
 * forgotten by the resources' `skipErased`). Nothing to do before the first erasure. Returns how
 * many records it skipped.
 */
export async function skipErased(session: WriteSession): Promise<number> {
  const secret = await storedErasureSecret(session)
  if (secret === null) return 0
  const byHash = new Map((await stagedPeople(session)).map((id) => [erasedIdHash(secret, id), id]))
  const hashes = [...byHash.keys()]
  const erased: string[][] = []
  for (let i = 0; i < hashes.length; i += BATCH) {
    const found = await session.rows<{ id_hash: string }>(sql`
      select distinct id_hash from erasures where id_hash in (${sql.join(hashes.slice(i, i + BATCH))})
        and lifted_at is null`)
    for (const { id_hash: hash } of found) erased.push([byHash.get(hash) as string, ''])
  }
  if (erased.length === 0) return 0
  await session.insertMany('stg_erased', ['id', 'workspace_id'], encodeRows(session.dialect, erased))
  await analyzeTemporary(session, 'stg_erased')
  let skipped = 0
  for (const { table, column } of STAGING_NAMING)
    skipped += await session.exec(
      sql.raw(`delete from ${table} where ${column} in (select id from stg_erased)`),
    )
  for (const steps of IMPORT_STEPS) await steps.skipErased?.(session)
  return skipped
}

/** The staging tables and the column by which a staged record is, or belongs to, an employee. */
const STAGING_NAMING: readonly { table: string; column: string }[] = TYPES.flatMap((type) => {
  const spec = SPECS[type]
  if (type === PERSONS.recordType) return [{ table: spec.staging, column: 'id' }]
  return spec.columns.includes('employee_id') ? [{ table: spec.staging, column: 'employee_id' }] : []
})

/** Every employee id the staged records name (their own, or the one they belong to). */
async function stagedPeople(session: WriteSession): Promise<string[]> {
  const ids = new Set<string>()
  for (const { table, column } of STAGING_NAMING) {
    const rows = await session.rows<{ id: string }>(sql.raw(`select distinct ${column} as id from ${table}`))
    for (const { id } of rows) if (id !== null) ids.add(id)
  }
  for (const select of PERSONS.stagedReferences)
    for (const { id } of await session.rows<{ id: string }>(sql.raw(select))) ids.add(id)
  return [...ids]
}

/** An erasure as `awareness erasures list` shows it: never the person's id. */
export interface ErasureRow {
  organization_id: string
  id_hash: string
  erased_at: string
  reason: string | null
  recipients: { recipient_kind: string; recipient_id: string; recipient_name: string }[]
  lifted_at: string | null
}

/** The erasures kept, newest first, of one organization or all. */
export async function listErasures(db: Kysely<Database>, organizationId?: string): Promise<ErasureRow[]> {
  let query = db
    .selectFrom('erasures')
    .select(['organization_id', 'id_hash', 'erased_at', 'reason', 'recipients', 'lifted_at'])
    .orderBy('erased_at', 'desc')
    .orderBy('organization_id')
    .orderBy('id_hash')
  if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId)
  return (await query.execute()).map((r) => ({ ...r, recipients: JSON.parse(r.recipients) }))
}

/**
 * Lifts the standing erasure of an id (a person who returns): later imports bring their records
 * again. Returns whether one stood.
 */
export async function liftErasure(
  db: Kysely<Database>,
  organizationId: string,
  employeeId: string,
  now = Date.now(),
): Promise<boolean> {
  const secret = await storedErasureSecret(db)
  if (secret === null) return false
  const lifted = await db
    .updateTable('erasures')
    .set({ lifted_at: timestampFromMillis(now) })
    .where('id_hash', '=', erasedIdHash(secret, employeeId))
    .where('organization_id', '=', organizationId)
    .where('lifted_at', 'is', null)
    .executeTakeFirst()
  return Number(lifted.numUpdatedRows) > 0
}
