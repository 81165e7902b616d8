// The pg internals the row tap and the request deadline rely on (src/db/pg-internals.ts): each
// one's shape on the pinned pg, without a database. A pg upgrade that moves one fails here, by name.

import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, test } from 'node:test'
import pg from 'pg'
import {
  destroySocket,
  interceptAttach,
  PG_VERSION,
  QUERY_TIMEOUT_MESSAGE,
  takeCallback,
} from '../../src/db/pg-internals.js'
import { ROOT_URL } from '../helpers/root.js'

const require = createRequire(import.meta.url)

describe('the pg internals we rely on', () => {
  test('pg is pinned to the version they were read from', () => {
    const installed = (require('pg/package.json') as { version: string }).version
    assert.equal(installed, PG_VERSION)
    const ours = JSON.parse(readFileSync(new URL('package.json', ROOT_URL), 'utf8'))
    assert.equal(ours.dependencies.pg, PG_VERSION, 'an exact version in package.json, not a range')
  })

  test("a client's connection attaches its parser through attachListeners, which can be intercepted", () => {
    const client = new pg.Client()
    const seen: EventEmitter[] = []
    interceptAttach(client, (stream, attach) => {
      seen.push(stream)
      const relay = new EventEmitter()
      attach(relay)
      // pg's parser now listens to the relay, not to the stream.
      assert.ok(relay.listenerCount('data') > 0, 'pg listens for data on the stream it is given')
      assert.equal(stream.listenerCount('data'), 0)
    })
    const stream = new EventEmitter()
    ;(
      client as unknown as { connection: { attachListeners(s: EventEmitter): void } }
    ).connection.attachListeners(stream)
    assert.deepEqual(seen, [stream])
  })

  test("a client's socket can be destroyed", () => {
    const client = new pg.Client()
    const socket = (client as unknown as { connection: { stream: { destroyed: boolean } } }).connection.stream
    assert.equal(socket.destroyed, false)
    destroySocket(client)
    assert.equal(socket.destroyed, true)
  })

  test('with query_timeout, pg gives a query a callback that clears its timer, and fails it with the known message', async () => {
    // Not connected: the query waits in pg's queue while its read timer runs.
    const taken = new pg.Client({ query_timeout: 50 })
    const query = new pg.Query({ text: 'select 1' })
    taken.query(query)
    const callback = takeCallback(query)
    assert.equal(typeof callback, 'function', "pg's own callback, taken back")
    assert.equal((query as unknown as { callback?: unknown }).callback, undefined)
    callback?.() // clears pg's timer

    const timedOut = new pg.Client({ query_timeout: 50 })
    const error = await timedOut.query('select 1').catch((e: Error) => e)
    assert.ok(error instanceof Error)
    assert.equal(error.message, QUERY_TIMEOUT_MESSAGE)
  })
})
