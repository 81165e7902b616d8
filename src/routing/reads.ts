// Where an app's API reads go (the primary database, or a replica when one is configured). Kept
// beside the app, not in its `api` context: what a route module receives has no database handle
// (CONTRACT 7's grant reaches every statement), and only the engines that begin a request's
// statements from the key and its grant (list.ts, item.ts, operation.ts) and readiness ask here.

import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import type { ApiContext } from './context.js'

/** By the app's context, which its encapsulated children share with it (the app objects differ). */
const READS = new WeakMap<ApiContext, Kysely<Database>>()

/** Sets where the reads of the app that has `context` go, once, at its start. */
export function setReads(context: ApiContext, db: Kysely<Database>): void {
  READS.set(context, db)
}

/** Where `app`'s reads go. */
export function readsOf(app: FastifyInstance): Kysely<Database> {
  const db = READS.get(app.api)
  if (db === undefined) throw new Error('the app has no database for its reads: setReads at its start')
  return db
}
