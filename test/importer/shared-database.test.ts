// A new organization imported into a database that holds another one takes the paths for records of
// workspaces the file creates (nothing compared, nothing kept before the merge, renderings read by
// workspace); imported alone, those of an empty database. Both must come to the same: the same
// counts and the same events, rendering for rendering. A third import then changes both
// organizations at once and must update the stored one's renderings exactly as alone.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { demoRecords } from '../../src/demo/generate.js'
import { type ImportSummary, importSources } from '../../src/importer/import.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { type Rec, source } from '../helpers/records.js'

const anchor = new Date('2026-11-01T00:00:00Z')
const organizationOf = (seed: number) =>
  [...demoRecords({ employees: 120, seed, workspaces: 2, anchor })] as unknown as Rec[]

/** The events of `workspaces`, without their ids and times, in a stable order. */
async function eventsOf(db: TestDatabase, workspaces: string[]): Promise<string[]> {
  const { rows } = await sql<{ json: string }>`select json from events
    where workspace_id in (${sql.join(workspaces)})`.execute(db.handle.db)
  return rows
    .map((r) => {
      const { id: _id, created_at: _at, ...rest } = JSON.parse(r.json)
      return JSON.stringify(rest)
    })
    .sort()
}

const counts = (s: ImportSummary) => ({
  records: s.records,
  written: s.written,
  created: s.created,
  deleted: s.deleted,
})

for (const { dialect, skip } of DIALECTS) {
  describe(`a new organization in a shared database (${dialect})`, { skip }, () => {
    let shared: TestDatabase
    let alone: TestDatabase
    const first = organizationOf(21)
    const second = organizationOf(22)
    const workspacesOf = (records: Rec[]) =>
      records.filter((r) => r.type === 'workspace').map((r) => r.id as string)

    before(async () => {
      shared = await freshDatabase(dialect)
      alone = await freshDatabase(dialect)
      await importSources(shared.handle, [source(first)])
    })
    after(async () => {
      await shared?.drop()
      await alone?.drop()
    })

    test('its first import counts and records the same as into an empty database', async () => {
      const there = await importSources(shared.handle, [source(second)])
      const here = await importSources(alone.handle, [source(second)])
      assert.deepEqual(counts(there), counts(here))
      assert.deepEqual(there.events.counts, here.events.counts)
      assert.ok((here.events.counts['attack.created'] ?? 0) > 0, 'the demo has attacks')
      assert.deepEqual(
        await eventsOf(shared, workspacesOf(second)),
        await eventsOf(alone, workspacesOf(second)),
      )
    })

    test('its first import with --replace counts and records the same as into an empty database', async () => {
      const replacing = organizationOf(24)
      const empty = await freshDatabase(dialect)
      try {
        const there = await importSources(shared.handle, [source(replacing)], { replace: true })
        const here = await importSources(empty.handle, [source(replacing)], { replace: true })
        assert.deepEqual(counts(there), counts(here))
        assert.deepEqual(there.events.counts, here.events.counts)
        assert.deepEqual(
          await eventsOf(shared, workspacesOf(replacing)),
          await eventsOf(empty, workspacesOf(replacing)),
        )
      } finally {
        await empty.drop()
      }
    })

    test('a file that changes it and creates a third organization updates it as alone', async () => {
      // Every employee of the second organization renamed: their attacks, memberships, reports and
      // progress items embed the name.
      const renamed = second.map((r) => (r.type === 'employee' ? { ...r, name: `${r.name} Renamed` } : r))
      const third = organizationOf(23)
      const before = {
        shared: await eventsOf(shared, workspacesOf(second)),
        alone: await eventsOf(alone, workspacesOf(second)),
      }
      await importSources(shared.handle, [source([...renamed, ...third])])
      const here = await importSources(alone.handle, [source(renamed)])
      assert.ok((here.events.counts['attack.updated'] ?? 0) > 0, 'attacks embed the renamed employees')
      const after = {
        shared: (await eventsOf(shared, workspacesOf(second))).filter((e) => !before.shared.includes(e)),
        alone: (await eventsOf(alone, workspacesOf(second))).filter((e) => !before.alone.includes(e)),
      }
      assert.deepEqual(after.shared, after.alone)
    })
  })
}
