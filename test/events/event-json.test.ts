// An event's JSON is written once (importer/event-json.ts): what the database splices for the events
// an import records set-based is, byte for byte, what eventJson renders in JS, on both databases.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { eventData, eventJson, splicedSql } from '../../src/importer/event-json.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'

const HEAD = {
  id: '0190f3a4-5b6c-7d8e-9f01-23456789abcd',
  type: 'employee.updated',
  created_at: '2026-11-28T10:00:00.123456Z',
  workspace_id: '7cf3c256-32b9-4240-ad3f-b64afebede10',
}
// Objects as stored: quotes, backslashes, a single quote, line separators, emoji.
const OBJECTS = [
  '{"id":"x","name":"O\'Brien \\"Bob\\" \\\\ ✓ \u2028 😀","n":null}',
  '{}',
  '{"list":[1,2.5,{"a":"\'\'"}]}',
]
const PREVIOUS = [undefined, '{"name":"It\'s"}', '{"status":null}']

for (const { dialect, skip } of DIALECTS) {
  describe(`event JSON spliced by the database (${dialect})`, { skip }, () => {
    let db: TestDatabase
    before(async () => {
      db = await freshDatabase(dialect)
    })
    after(() => db?.drop())

    test('equals eventJson for every object and previous_attributes', async () => {
      const envelope = splicedSql(
        ([id, createdAt, workspace, data]) =>
          eventJson(
            {
              id: id as string,
              type: HEAD.type,
              created_at: createdAt as string,
              workspace_id: workspace as string,
            },
            data as string,
          ),
        ['x.id', 'x.created_at', 'x.workspace_id', 'x.data'],
      )
      for (const object of OBJECTS)
        for (const previous of PREVIOUS) {
          const data = splicedSql(([json]) => eventData(json as string, previous), ['r.json'])
          const { rows } = await sql<{ json: string }>`select ${sql.raw(envelope)} as json from (
              select cast(${HEAD.id} as text) as id, cast(${HEAD.created_at} as text) as created_at,
                cast(${HEAD.workspace_id} as text) as workspace_id, ${sql.raw(data)} as data
              from (select cast(${object} as text) as json) r) x`.execute(db.handle.db)
          const expected = eventJson(HEAD, eventData(object, previous))
          assert.equal(rows[0]?.json, expected)
          JSON.parse(expected)
        }
    })
  })
}

test('splicedSql quotes the text around the expressions, and refuses a rendering without one', () => {
  assert.equal(
    splicedSql(([a]) => `it's ${a}!`, ['x.a']),
    "'it''s ' || x.a || '!'",
  )
  assert.throws(() => splicedSql(() => 'nothing', ['x.a']), /does not hold expression 0/)
})
