// Graceful shutdown (CONTRACT 10) of a real server process under continuous traffic from keep-alive
// clients: readiness fails at once, connections are accepted for SHUTDOWN_DELAY, every request that
// reached the server is answered (those of the drain with Connection: close), and the process exits
// 0 within SHUTDOWN_TIMEOUT.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { openDatabase } from '../../src/db/connection.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { importSources } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { startServer } from '../helpers/processes.js'
import { source } from '../helpers/records.js'
import { waitFor } from '../helpers/wait.js'

interface Outcome {
  /** The status, or the error code of a request that got no answer. */
  result: string
  connection: string | undefined
}

function get(url: string, headers: Record<string, string>, agent: Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { headers, agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      // The overload queue's 503 (a loaded machine), told apart from any other.
      res.on('end', () =>
        resolve({
          result: `${res.statusCode}${res.statusCode === 503 && body.includes('overloaded') ? ' overloaded' : ''}`,
          connection: res.headers.connection,
        }),
      )
      res.on('error', (e: NodeJS.ErrnoException) =>
        resolve({ result: `response ${e.code}`, connection: undefined }),
      )
    })
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ result: e.code ?? e.message, connection: undefined }),
    )
    req.end()
  })
}

describe('graceful shutdown (real server process)', () => {
  let dir: string
  let file: string
  let d: ApiDataset
  let key: string
  before(async () => {
    d = apiDataset(60)
    dir = mkdtempSync(join(tmpdir(), 'awareness-shutdown-'))
    file = join(dir, 'shutdown.db')
    const database = openDatabase(file)
    await migrateToLatest(database)
    await importSources(database, [source(d.all)])
    key = (await createKey(database.db, { organizationId: d.orgA.id as string, rateLimit: '1000000/1h' })).key
    await database.close()
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  for (const clients of [30, 10]) {
    test(`SIGTERM under ${clients} looping keep-alive clients loses no request`, async (t) => {
      const server = await startServer(
        { DATABASE_URL: file, SHUTDOWN_DELAY: '1s', SHUTDOWN_TIMEOUT: '6s' },
        t,
      )
      const url = `${server.base}/v1/employees?workspace_id=${d.a1}`
      const agent = new Agent({ keepAlive: true, maxSockets: clients })
      const outcomes = new Map<string, number>()
      let closing = 0
      const loop = async () => {
        for (;;) {
          const outcome = await get(url, { 'x-api-key': key }, agent)
          outcomes.set(outcome.result, (outcomes.get(outcome.result) ?? 0) + 1)
          if (outcome.connection === 'close') closing++
          // Refused: the server no longer listens, and this request never reached it.
          if (outcome.result === 'ECONNREFUSED') return
        }
      }
      // An idle keep-alive connection too: it must not hold the process open.
      const idle = new Agent({ keepAlive: true })
      assert.equal((await get(`${server.base}/healthz`, {}, idle)).result, '200')
      const running = Array.from({ length: clients }, loop)
      // Every client looping before the signal (however slow the machine): ten answers each.
      await waitFor('ten answers per client', () => (outcomes.get('200') ?? 0) >= clients * 10, {
        ms: 60_000,
      })
      const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
        const started = Date.now()
        server.child.once('exit', (code) => resolve({ code, ms: Date.now() - started }))
      })
      server.child.kill('SIGTERM')
      // The signal is delivered, not observed: the first readiness check after it may come first.
      const ready = await waitFor(
        'readiness failing',
        async () => {
          const answer = await get(`${server.base}/readyz`, {}, false)
          return answer.result !== '200' && answer
        },
        { ms: 1000 },
      )
      assert.equal(ready.result, '503', 'readiness fails at once')
      await Promise.all(running)
      const exit = await exited
      agent.destroy()
      idle.destroy()
      // The overload queue's 503 (with Retry-After) on a loaded machine is an answer, not a loss.
      const lost = [...outcomes].filter(
        ([result]) => result !== '200' && result !== '503 overloaded' && result !== 'ECONNREFUSED',
      )
      assert.deepEqual(
        lost,
        [],
        `every request that reached the server was answered: ${JSON.stringify([...outcomes])}`,
      )
      assert.ok((outcomes.get('200') ?? 0) > clients * 10)
      assert.ok(closing >= 1, 'the drain answered with Connection: close')
      assert.equal(exit.code, 0, server.stderr())
      assert.ok(exit.ms < 6000, `exited after ${exit.ms} ms`)
      assert.ok(exit.ms >= 1000, `kept accepting for SHUTDOWN_DELAY (exited after ${exit.ms} ms)`)
    })
  }
})
