// CONTRACT 17's window twins when a workspace's kept periods are missing (a database upgraded to the
// release that added them, or rows removed by hand): starting the service keeps them again, exactly
// as the last import would have, and changes nothing else; a series asked before then is answered
// point by point without holding the process: /healthz answers meanwhile, the series is exact, and
// the work stops when its client leaves.
// Runs alone: it times /healthz, which files running beside it would slow on a small machine.

import assert from 'node:assert/strict'
import { get, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { bringUpToDate } from '../../src/cli/context.js'
import { demoRecords } from '../../src/demo/generate.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import type { Rec } from '../helpers/records.js'
import { snapshot } from '../helpers/snapshot.js'
import { elapse, until } from '../helpers/wait.js'

const TWINS = [
  '/v1/campaigns/statistics/history',
  '/v1/breaches/statistics/history',
  '/v1/inbox_tickets/statistics/history',
]
// 1,000 days: the most a series may hold.
const DAYS = 'interval=day&from=2024-03-01&to=2026-11-25'

for (const { dialect, skip } of DIALECTS) {
  describe(`a workspace without kept periods (${dialect})`, { skip }, () => {
    let t: TestApp
    let key: string
    const records = [...demoRecords({ employees: 150, seed: 5, workspaces: 2, anchor: new Date() })] as Rec[]
    const workspaces = records.filter((r) => r.type === 'workspace').map((r) => r.id as string)
    const organizationId = records.find((r) => r.type === 'organization')?.id as string
    const urls = workspaces.flatMap((w) => TWINS.map((path) => `${path}?workspace_id=${w}&${DAYS}`))
    const kept: string[] = []

    const everything = async () => ({
      ...(await snapshot(t.db.handle)),
      ...Object.fromEntries(
        await Promise.all(
          ['period_statistics', 'events', 'organization_generations'].map(async (table) => [
            table,
            (await sql.raw(`select * from ${table}`).execute(t.db.handle.db)).rows
              .map((row) => JSON.stringify(row))
              .sort(),
          ]),
        ),
      ),
    })
    const removePeriods = () =>
      sql`delete from period_statistics where workspace_id in (${sql.join(workspaces)})`.execute(
        t.db.handle.db,
      )

    before(async () => {
      // Point by point, a 1,000-day series can take longer than the default deadline on a busy
      // machine: this suite is about the process staying responsive and the answer exact.
      t = await testApp(dialect, records, { REQUEST_TIMEOUT: '60s' })
      key = await t.key({ organizationId })
      for (const url of urls) {
        const r = await t.request(url, { key })
        assert.equal(r.status, 200, r.body)
        kept.push(r.body)
      }
    })
    after(() => t?.close())

    test('bringing the database up to date keeps them again as the import did, and changes nothing else but the data generations', async () => {
      const imported = await everything()
      await removePeriods()
      assert.deepEqual(await bringUpToDate(t.db.handle), { derived: workspaces.length })
      // What was derived again is a new generation (its answers' ETags and what a process kept of
      // them change): the organization's and the database's, each by one.
      const advanced = (rows: unknown) =>
        (rows as string[]).map((row) =>
          row.replace(/"generation":(\d+)/, (_, n) => `"generation":${Number(n) + 1}`),
        )
      assert.deepEqual(await everything(), {
        ...imported,
        organization_generations: advanced(imported.organization_generations),
        service_state: (imported.service_state as { name: string; value: string }[]).map((row) =>
          row.name === 'data_generation' ? { ...row, value: String(Number(row.value) + 1) } : row,
        ),
      })
      // Nothing missing: nothing to do.
      assert.deepEqual(await bringUpToDate(t.db.handle), { derived: 0 })
      for (const [i, url] of urls.entries()) assert.equal((await t.request(url, { key })).body, kept[i], url)
    })

    test('a series asked meanwhile is exact, and /healthz answers within 100 ms while it is computed', async () => {
      await removePeriods()
      const base = await t.listen()
      let done = false
      // One after another: each point is a statement, and each series must fit in its deadline.
      const series = (async () => {
        const answers: { status: number; body: string }[] = []
        for (const url of urls) {
          const response = await fetch(base + url, { headers: { 'x-api-key': key } })
          answers.push({ status: response.status, body: await response.text() })
        }
        return answers
      })().finally(() => {
        done = true
      })
      const waits: number[] = []
      while (!done) {
        const started = performance.now()
        const health = await fetch(`${base}/healthz`)
        await health.arrayBuffer()
        waits.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      const answers = await series
      for (const [i, { status, body }] of answers.entries()) {
        assert.equal(status, 200, body)
        assert.equal(body, kept[i], urls[i])
      }
      assert.ok(waits.length >= 3, `the series took ${waits.length} health checks`)
      assert.ok(Math.max(...waits) < 100, `/healthz waited ${Math.round(Math.max(...waits))} ms at most`)
    })

    test('the work stops when its client leaves', async (context) => {
      await removePeriods()
      const base = await t.listen()
      const leave = new AbortController()
      // The server's side of each request: the client leaves once all are being worked on.
      const received: Socket[] = []
      const onRequest = (request: IncomingMessage) => received.push(request.socket)
      t.app.server.on('request', onRequest)
      context.after(() => t.app.server.off('request', onRequest))
      // A connection of its own for each, closed when its client leaves.
      const asked = urls.map(
        (url) =>
          new Promise<string>((resolve) => {
            const request = get(base + url, {
              headers: { 'x-api-key': key },
              signal: leave.signal,
              agent: false,
            })
            request.on('response', (r) => r.resume().on('end', () => resolve(`answered ${r.statusCode}`)))
            request.on('error', () => resolve('left'))
          }),
      )
      assert.ok(await until(() => received.length === urls.length), 'every request reached the server')
      leave.abort()
      assert.deepEqual(
        await Promise.all(asked),
        urls.map(() => 'left'),
      )
      // Once the server has noticed, the process is idle: nothing goes on computing.
      assert.ok(
        await until(() => received.every((socket) => socket.destroyed)),
        'the server noticed every client leave',
      )
      const start = performance.eventLoopUtilization()
      await elapse(400, 'a window to measure the idle event loop in')
      const busy = performance.eventLoopUtilization(start).utilization
      assert.ok(
        busy < 0.3,
        `the event loop was busy ${Math.round(busy * 100)} % of the time after the client left`,
      )
    })
  })
}
