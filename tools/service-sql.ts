// The statements the service runs besides imports and list pages (sql/<dialect>/service.sql): a
// request's key check, usage and ETag generation, readiness, the key and webhook commands, the
// webhook worker and the pruning. Each is caught where the driver receives it (better-sqlite3's
// prepare, pg's Client#query) while a real scenario runs against a real database, and labelled with
// the function that ran it, as the import's are; resources' statements are left to api.sql.

import { createRequire } from 'node:module'
import type SQLite from 'better-sqlite3'
import type pg from 'pg'
import type { DialectName } from '../src/db/dialect.js'
import { isWorkspaceOf, listOrganizations, organizationProblem } from '../src/db/organizations.js'
import { cursorSecret } from '../src/db/state.js'
import { demoRecords } from '../src/demo/generate.js'
import { pruneDisclosures } from '../src/disclosures/record.js'
import { importSources } from '../src/importer/import.js'
import {
  createKey,
  findKey,
  listKeys,
  revokeKeyByIdOrName,
  rotateKey,
  setAllowList,
  verifyKey,
} from '../src/keys/keys.js'
import { keyUsage, pruneUsage } from '../src/keys/usage.js'
import { EVENT_TYPES } from '../src/resources/index.js'
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listAttempts,
  listEndpoints,
  retryDeliveries,
} from '../src/webhooks/endpoints.js'
import { DeliveryWorker, oldestPendingSeconds, pruneExpired } from '../src/webhooks/worker.js'
import { testApp } from '../test/helpers/app.js'
import { startReceiver } from '../test/webhooks/receiver.js'
import { formatted, sourceFrames } from './sql-snapshots.js'

const require = createRequire(import.meta.url)

/** Files whose frames say how a statement is sent, not which one: a label names the caller. */
const PLUMBING = /^db\/(connection|sqlite-statements|postgres-rows|postgres-data-rows|write-transaction)\.ts$/

/**
 * The first function of the stack outside the plumbing, as `keys/keys.ts:verifyKey` (a callback is
 * named by the function of its file that passed it); null for a statement of an import or a
 * migration, which import.sql and the migrations hold.
 */
function callerOf(stack: string): string | null {
  let caller: string | null = null
  let anonymous: string | null = null
  for (const { file, fn } of sourceFrames(stack)) {
    if (/^(importer\/|db\/migrat)/.test(file)) return null
    if (caller !== null || PLUMBING.test(file)) continue
    const name = (fn ?? '<anonymous>').replace(/^(Object|[A-Z]\w+)\./, '')
    if (anonymous !== null && file !== anonymous) caller = `${anonymous}:<anonymous>`
    else if (name !== '<anonymous>') caller = `${file}:${name}`
    else anonymous = file
  }
  return caller ?? (anonymous === null ? null : `${anonymous}:<anonymous>`)
}

/** Calls `seen` with each statement's text and its caller while `on()`; returns the undo. */
function watchDriver(dialect: DialectName, seen: (text: string, caller: string) => void) {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 60
  const note = (text: string) => {
    const caller = callerOf(new Error().stack ?? '')
    if (caller !== null) seen(text, caller)
  }
  if (dialect === 'sqlite') {
    const Database = require('better-sqlite3') as typeof SQLite
    const prepare = Database.prototype.prepare
    Database.prototype.prepare = function (this: SQLite.Database, source: string) {
      note(source)
      return prepare.call(this, source)
    } as typeof prepare
    return () => {
      Database.prototype.prepare = prepare
      Error.stackTraceLimit = limit
    }
  }
  const { Client } = require('pg') as typeof pg
  const query = Client.prototype.query
  Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text
    if (text !== undefined) note(text)
    return (query as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof query
  return () => {
    Client.prototype.query = query
    Error.stackTraceLimit = limit
  }
}

/** Every distinct statement of the scenario below not sent by a resource or the import engine, as a file. */
export async function serviceStatements(dialect: DialectName): Promise<string> {
  const records = [...demoRecords({ employees: 20, seed: 7 })] as Record<string, unknown>[]
  const organizationId = records.find((r) => r.type === 'organization')?.id as string
  const workspaceId = records.find((r) => r.type === 'workspace')?.id as string
  const statements = new Map<string, string>()
  let recording = true
  const undo = watchDriver(dialect, (text, caller) => {
    if (!recording || /^(resources|paging)\//.test(caller)) return
    const key = `${caller}\n${text}`
    if (!statements.has(key)) statements.set(key, `-- ${caller}\n${formatted(text)}`)
  })
  const t = await testApp(dialect, records as never).catch((error) => {
    undo()
    throw error
  })
  const db = t.db.handle.db
  let secret = ''
  const receiver = await startReceiver(() => secret)
  try {
    // Keys, as `awareness keys` runs them, and a request's check, usage and generation.
    const key = await createKey(db, { organizationId, name: 'snapshot', scopes: ['workspace:read'] })
    await listKeys(db)
    await listKeys(db, organizationId)
    await findKey(db, key.id)
    await findKey(db, 'snapshot')
    await setAllowList(db, key.id, ['127.0.0.0/8'])
    await setAllowList(db, key.id, null)
    await verifyKey(db, key.key)
    const headers = { 'x-api-key': key.key }
    const answer = await t.app.inject({ url: '/v1/organization', headers })
    await t.app.inject({
      url: '/v1/organization',
      headers: { ...headers, 'if-none-match': answer.headers.etag },
    })
    await t.app.inject({ url: '/v1/organization', headers: { 'x-api-key': `${key.key}x` } })
    await t.app.inject({ url: '/readyz' })
    const rotation = await rotateKey(db, key.id, 60)
    await revokeKeyByIdOrName(db, rotation.successor.id)
    // Organizations, as the commands check them; the cursor secret.
    await listOrganizations(db)
    await organizationProblem(db, organizationId, workspaceId)
    await isWorkspaceOf(db, workspaceId, organizationId)
    await cursorSecret(db, undefined)
    // Webhooks, as `awareness webhooks` runs them, and the worker delivering an import's events.
    const settings = { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: Buffer.alloc(32, 1) }
    const endpoint = await createEndpoint(db, { organizationId, url: receiver.url }, settings)
    secret = endpoint.secret
    await listEndpoints(db)
    await findEndpoint(db, endpoint.id)
    recording = false
    const renamed = records.map((r) => (r.type === 'employee' ? { ...r, name: `${r.name} (renamed)` } : r))
    await importSources(t.db.handle, [
      {
        name: 'renamed.ndjson',
        async *read() {
          yield Buffer.from(renamed.map((r) => JSON.stringify(r)).join('\n'))
        },
      },
    ])
    recording = true
    const worker = new DeliveryWorker({
      db,
      dialect,
      allowPrivate: true,
      secretsKey: settings.secretsKey,
      retentionMs: 30 * 86_400_000,
    })
    await worker.runOnce()
    await listAttempts(db, endpoint.id)
    await retryDeliveries(db, endpoint.id, { kind: 'failed' })
    await oldestPendingSeconds(db)
    await pruneExpired(db, 30 * 86_400_000)
    await deleteEndpoint(db, endpoint.id)
    // The usage the requests recorded, flushed as the server closes.
    await t.app.close()
    await keyUsage(db, key.id, Date.now() - 3_600_000)
    await pruneUsage(db, 90 * 86_400_000)
    await pruneDisclosures(db, 400)
  } finally {
    undo()
    await receiver.close()
    await t.app.close()
    await t.db.drop()
  }
  // By caller, then text: the worker's sends and the usage flush run in no fixed order.
  const sorted = [...statements.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `-- The statements the service runs on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} besides imports (import.sql) and
-- resources' queries (api.sql): key checks, usage, ETags, readiness, the keys and webhooks commands,
-- the webhook worker, pruning; by caller.
-- Generated by \`npm run sql\` (tools/service-sql.ts); a test fails when it drifts.

${sorted.map(([, entry]) => entry).join('\n\n')}
`
}
