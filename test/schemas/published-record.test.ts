// A record read from its item's published schema (records/published.ts): each field as imports
// accept its kind, a field's own import form where it is published, derived fields left out.

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import Type from 'typebox'
import { Compile } from 'typebox/compile'
import { Text } from '../../src/records/fields.js'
import { derivedAtImport, importedAs, publishedRecord } from '../../src/records/published.js'
import { Closed, Nullable, StringEnum, Timestamp, Uuid } from '../../src/schemas/common.js'

const Item = Closed({
  id: Uuid,
  name: Type.String(),
  note: importedAs(Nullable(Type.String()), Nullable(Text(5))),
  level: StringEnum(['low', 'high'] as const),
  count: derivedAtImport(Type.Integer({ minimum: 0 })),
  seen_at: Nullable(Timestamp),
  created_at: Timestamp,
})

describe('publishedRecord', () => {
  const record = publishedRecord('thing', Item, { carries: ['workspace_id'] })
  const check = Compile(record.schema)
  const valid = {
    type: 'thing',
    workspace_id: 'AAAAAAAA-0000-4000-8000-000000000000',
    id: '0B6F6F0E-3F1C-4D7A-9E57-2A1D3C1B9F10',
    name: 'n',
    note: null,
    level: 'low',
    seen_at: '2024-01-13T10:00:00Z',
    created_at: '2024-01-13T10:00:00.5Z',
  }

  test('the carried ids, then the published fields less the derived ones', () => {
    assert.deepEqual(record.columns, ['workspace_id', 'id', 'name', 'note', 'level', 'seen_at', 'created_at'])
    assert.ok(check.Check(valid))
    assert.ok(!check.Check({ ...valid, count: 1 }), 'a derived field is refused')
  })

  test('each kind accepted as imports accept it', () => {
    assert.ok(!check.Check({ ...valid, name: '' }), 'text is non-empty')
    assert.ok(!check.Check({ ...valid, note: 'too long' }), "a field's own import form")
    assert.ok(check.Check({ ...valid, note: '' }))
    assert.ok(!check.Check({ ...valid, level: 'medium' }))
    assert.ok(!check.Check({ ...valid, created_at: '2024-01-13' }))
    assert.ok(check.Check({ ...valid, seen_at: null }))
  })

  test('ids in lower case, timestamps canonical, an impossible date reported', () => {
    const errors: string[] = []
    assert.deepEqual(record.toRow(valid, errors), {
      workspace_id: 'aaaaaaaa-0000-4000-8000-000000000000',
      id: '0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10',
      name: 'n',
      note: null,
      level: 'low',
      seen_at: '2024-01-13T10:00:00.000000Z',
      created_at: '2024-01-13T10:00:00.500000Z',
    })
    assert.deepEqual(errors, [])
    record.toRow({ ...valid, created_at: '2024-02-30T10:00:00Z' }, errors)
    assert.deepEqual(errors, ['thing.created_at: "2024-02-30T10:00:00Z" is not a real UTC date-time'])
  })

  test('a shared schema is never marked, and a kind without a default must be given', () => {
    derivedAtImport(Timestamp)
    assert.deepEqual(publishedRecord('t', Closed({ at: Timestamp })).columns, ['at'])
    assert.throws(
      () => publishedRecord('t', Closed({ tags: Type.Array(Type.String()) })),
      /tags: give its import form where it is published/,
    )
  })

  test('an item rendered as read: its JSON in the schema order, beside the columns asked for', () => {
    const { count: _count, ...fields } = Item.properties
    const Plain = Closed(fields)
    const plain = publishedRecord('plain', Plain, {
      carries: ['workspace_id'],
      columns: ['id', 'created_at'],
    })
    assert.deepEqual(plain.columns, ['workspace_id', 'id', 'created_at', 'json'])
    const errors: string[] = []
    assert.deepEqual(plain.toRow({ ...valid, type: 'plain' }, errors), {
      workspace_id: 'aaaaaaaa-0000-4000-8000-000000000000',
      id: '0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10',
      created_at: '2024-01-13T10:00:00.500000Z',
      json: '{"id":"0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10","name":"n","note":null,"level":"low","seen_at":"2024-01-13T10:00:00.000000Z","created_at":"2024-01-13T10:00:00.500000Z"}',
    })
    assert.throws(() => publishedRecord('thing', Item, { columns: ['id'] }), /count derived at import/)
  })
})
