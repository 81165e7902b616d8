// The disclosure record's writer (CONTRACT 20), on each database, with a clock of its own: people
// not yet recorded are written at the next flush, the answers of those already recorded every
// COUNTS_EVERY_MS and at stop, exactly (two processes add up); a refused write loses nothing; a
// pseudonym is kept under the real id it stands for; the retention prunes whole days.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import {
  COUNTS_EVERY_MS,
  DisclosureRecorder,
  type PseudonymResolver,
  pruneDisclosures,
  type Recipient,
} from '../../src/disclosures/record.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'

const T0 = Date.parse('2026-12-02T09:00:00Z')

interface Kept {
  employee_id: string
  day: string
  answers: number
  first_at: string
  last_at: string
}

for (const { dialect, skip } of DIALECTS) {
  describe(`the disclosure recorder (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let clock = T0
    const organizationId = randomUUID()
    const key: Recipient = {
      organizationId,
      kind: 'key',
      id: randomUUID(),
      name: 'bi',
      privacy: 'identified',
    }
    const recorder = (resolve: PseudonymResolver = async () => new Map<string, string>()) =>
      new DisclosureRecorder(db.handle.db, { retentionDays: 400, resolve, now: () => clock })
    const kept = async (): Promise<Kept[]> =>
      (
        await sql<Kept>`select employee_id, day, answers, first_at, last_at from disclosures
          order by employee_id, day`.execute(db.handle.db)
      ).rows.map((r) => ({ ...r, answers: Number(r.answers) }))

    before(async () => {
      db = await freshDatabase(dialect)
    })
    after(async () => db?.drop())

    test('new people at the next flush, their further answers every COUNTS_EVERY_MS and at stop, exactly; two processes add up', async () => {
      await sql`delete from disclosures`.execute(db.handle.db)
      const [a, b] = [randomUUID(), randomUUID()].sort() as [string, string]
      const one = recorder()
      const two = recorder()
      one.carried(key, 'GET /v1/employees', { ids: [a, b] })
      clock += 10
      one.carried(key, 'GET /v1/employees', { ids: [a] })
      await one.flush()
      assert.deepEqual(
        (await kept()).map((r) => [r.employee_id, r.answers]),
        [
          [a, 2],
          [b, 1],
        ],
      )
      clock += 500
      one.carried(key, 'GET /v1/employees', { ids: [a] })
      two.carried(key, 'GET /v1/employees', { ids: [a] })
      await one.flush()
      assert.equal((await kept())[0]?.answers, 2, 'a person already recorded waits for the counts')
      // The other process had not recorded a: it writes it at once, adding to the row.
      await two.flush()
      assert.equal((await kept())[0]?.answers, 3)
      clock += COUNTS_EVERY_MS
      await one.flush()
      const rows = await kept()
      assert.equal(rows[0]?.answers, 4)
      assert.equal(rows[0]?.first_at, '2026-12-02T09:00:00.000000Z')
      assert.equal(rows[0]?.last_at, '2026-12-02T09:00:00.510000Z')
      one.carried(key, 'GET /v1/employees', { ids: [b] })
      await one.stop()
      await two.stop()
      assert.deepEqual(
        (await kept()).map((r) => r.answers),
        [4, 2],
      )
      assert.equal(one.pending() + two.pending(), 0)
    })

    test('a flush of many people is written in several transactions, the process serving in between', async () => {
      await sql`delete from disclosures`.execute(db.handle.db)
      const one = recorder()
      const people = Array.from({ length: 5_000 }, () => randomUUID())
      one.carried(key, 'GET /v1/employees', { ids: people })
      let flushed = false
      let servedMeanwhile = false
      const tick = () => {
        if (flushed) return
        servedMeanwhile = true
      }
      const flushing = one.flush().then(() => {
        flushed = true
      })
      setImmediate(tick)
      await flushing
      assert.ok(servedMeanwhile, 'other work ran before the flush ended')
      assert.equal((await kept()).length, 5_000)
      assert.equal(one.pending(), 0)
    })

    test("an aggregate key's question: new ones at the next flush, one asked again that day waits for the counts", async () => {
      await sql`delete from disclosure_answers`.execute(db.handle.db)
      const aggregate: Recipient = { ...key, id: randomUUID(), privacy: 'aggregate' }
      const answers = async () =>
        (
          await sql<{ parameters: string; answers: number | string }>`select parameters, answers
            from disclosure_answers where recipient_id = ${aggregate.id} order by parameters`.execute(
            db.handle.db,
          )
        ).rows.map((r) => [r.parameters, Number(r.answers)])
      const one = recorder()
      one.asked(aggregate, 'GET /v1/employees/statistics', { workspace_id: 'w' })
      one.asked(aggregate, 'GET /v1/employees/statistics', { workspace_id: 'w' })
      await one.flush()
      assert.deepEqual(await answers(), [['{"workspace_id":"w"}', 2]])
      clock += 500
      one.asked(aggregate, 'GET /v1/employees/statistics', { workspace_id: 'w' })
      one.asked(aggregate, 'GET /v1/employees/statistics', { workspace_id: 'v' })
      await one.flush()
      assert.deepEqual(
        await answers(),
        [
          ['{"workspace_id":"v"}', 1],
          ['{"workspace_id":"w"}', 2],
        ],
        'a new question at once; one already recorded waits',
      )
      clock += COUNTS_EVERY_MS
      await one.flush()
      assert.deepEqual(await answers(), [
        ['{"workspace_id":"v"}', 1],
        ['{"workspace_id":"w"}', 3],
      ])
      one.asked(aggregate, 'GET /v1/employees/statistics', { workspace_id: 'v' })
      await one.stop()
      assert.deepEqual(await answers(), [
        ['{"workspace_id":"v"}', 2],
        ['{"workspace_id":"w"}', 3],
      ])
      assert.equal(one.pending(), 0)
    })

    test('a page read with its people joined: each person once an answer, a page asked again counted on its people', async () => {
      await sql`delete from disclosures`.execute(db.handle.db)
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()].sort() as [string, string, string]
      const writer = recorder()
      const at = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z')
      const start = clock
      // a manages b: named twice by one page, carried once by it.
      writer.carried(key, 'GET /v1/employees', { joined: `${a},${b},${a}` })
      clock += 10
      writer.carried(key, 'GET /v1/employees', { joined: `${a},${b},${a}` })
      writer.carried(key, 'GET /v1/employees', { joined: `${b},${c}` })
      await writer.flush()
      assert.deepEqual(
        (await kept()).map((r) => [r.employee_id, r.answers]),
        [
          [a, 2],
          [b, 3],
          [c, 1],
        ],
      )
      clock += 10
      writer.carried(key, 'GET /v1/employees', { joined: `${a},${b},${a}` })
      await writer.flush()
      assert.equal((await kept())[0]?.answers, 2, 'a page of people already recorded waits for the counts')
      clock += COUNTS_EVERY_MS
      writer.carried(key, 'GET /v1/employees', { joined: `${c}` })
      await writer.flush()
      const rows = await kept()
      assert.deepEqual(
        rows.map((r) => [r.employee_id, r.answers]),
        [
          [a, 3],
          [b, 4],
          [c, 2],
        ],
      )
      assert.equal(rows[0]?.first_at, at(start))
      assert.equal(rows[2]?.last_at, at(clock))
      assert.equal(writer.pending(), 0)
      await writer.stop()
    })

    test('a write the database refuses loses nothing: the next one writes it all', async () => {
      await sql`delete from disclosures`.execute(db.handle.db)
      const person = randomUUID()
      const writer = recorder()
      writer.carried(key, 'GET /v1/employees/{employee_id}', { ids: [person] })
      await sql`alter table disclosures rename to disclosures_away`.execute(db.handle.db)
      await assert.rejects(writer.flush())
      writer.carried(key, 'GET /v1/employees/{employee_id}', { ids: [person] })
      await sql`alter table disclosures_away rename to disclosures`.execute(db.handle.db)
      await writer.stop()
      assert.deepEqual(
        (await kept()).map((r) => [r.employee_id, r.answers]),
        [[person, 2]],
      )
    })

    test('stopping, a refused write is tried again until the database takes it', async () => {
      await sql`delete from disclosures`.execute(db.handle.db)
      const person = randomUUID()
      let refused: () => void = () => {}
      const firstRefusal = new Promise<void>((resolve) => {
        refused = resolve
      })
      const writer = new DisclosureRecorder(db.handle.db, {
        retentionDays: 400,
        resolve: async () => new Map(),
        now: () => clock,
        onError: () => refused(),
      })
      writer.carried(key, 'GET /v1/employees', { ids: [person] })
      await sql`alter table disclosures rename to disclosures_away`.execute(db.handle.db)
      const stopped = writer.stop()
      // Back once the stop was refused, while it waits to try again.
      await firstRefusal
      await sql`alter table disclosures_away rename to disclosures`.execute(db.handle.db)
      await stopped
      assert.deepEqual(
        (await kept()).map((r) => [r.employee_id, r.answers]),
        [[person, 1]],
      )
    })

    test('a pseudonymous reader is recorded under the real id; a pseudonym nobody has any more names nobody', async () => {
      await sql`delete from disclosures`.execute(db.handle.db)
      const [real, pseudonym, gone] = [randomUUID(), randomUUID(), randomUUID()]
      const asked: string[][] = []
      const writer = recorder(async (organization, pseudonyms) => {
        assert.equal(organization, organizationId)
        asked.push([...pseudonyms].sort())
        return new Map([[pseudonym, real]])
      })
      writer.carried({ ...key, privacy: 'pseudonymous' }, 'GET /v1/employees', {
        pseudonyms: [pseudonym, gone],
      })
      await writer.stop()
      assert.deepEqual(asked, [[pseudonym, gone].sort()])
      assert.deepEqual(
        (await kept()).map((r) => r.employee_id),
        [real],
      )
    })

    test('days past the retention are pruned, whole days, the rest kept', async () => {
      await sql`delete from disclosures`.execute(db.handle.db)
      await sql`delete from disclosure_answers`.execute(db.handle.db)
      const person = randomUUID()
      const writer = recorder()
      for (const day of [0, 1, 2]) {
        clock = T0 + day * 86_400_000
        writer.carried(key, 'GET /v1/employees', { ids: [person] })
        await writer.flush(true)
      }
      assert.deepEqual(
        (await kept()).map((r) => r.day),
        ['2026-12-02', '2026-12-03', '2026-12-04'],
      )
      // Kept 1 day as of Dec 4th, 12:00: Dec 3rd on.
      const deleted = await pruneDisclosures(db.handle.db, 1, Date.parse('2026-12-04T12:00:00Z'))
      assert.equal(deleted, 2, 'one person row and one answers row')
      assert.deepEqual(
        (await kept()).map((r) => r.day),
        ['2026-12-03', '2026-12-04'],
      )
      clock = T0
    })
  })
}
