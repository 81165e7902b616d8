// The one presenter (privacy/present.ts), unit by unit: what each reader is shown of an answer and of
// a page, from the classes alone, and whom the answer as sent carries (real ids, also for a
// pseudonymous reader; nobody for an aggregate one or an update withheld).

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import Type from 'typebox'
import { peopleOf, WITHHELD } from '../../src/privacy/people.js'
import { AS_READ, present, presentPage, readerOf } from '../../src/privacy/present.js'
import { Nullable } from '../../src/schemas/common.js'
import { figure, personal, personId, plain } from '../../src/schemas/disclosure.js'

const Item = Type.Object({
  id: plain(Type.String()),
  owner: personId(Type.String()),
  owner_name: personal(Nullable(Type.String())),
  aliases: personal(Type.Array(Type.String())),
  members_count: figure(Type.Integer()),
})
const PEOPLE = peopleOf(Item)
const ITEM = { id: 'i1', owner: 'e1', owner_name: 'Ada', aliases: ['ada'], members_count: 3 }
const OTHER = { id: 'i2', owner: 'e2', owner_name: 'Bo', aliases: [], members_count: 1 }
const PSEUDONYMS = new Map([
  ['e1', 'p1'],
  ['e2', 'p2'],
])

const asked: string[][] = []
const pseudonymous = readerOf('pseudonymous', {
  pseudonyms: async (ids) => {
    asked.push([...ids])
    return new Map(ids.flatMap((id) => (PSEUDONYMS.has(id) ? [[id, PSEUDONYMS.get(id) as string]] : [])))
  },
})

describe('present', () => {
  test('an identified reader: the answer as read, carrying the people in it', async () => {
    const { shown, carried } = await present(readerOf('identified', {}), PEOPLE, () => ITEM)
    assert.equal(shown, AS_READ)
    assert.deepEqual([...(carried.ids ?? [])], ['e1'])
  })

  test('a pseudonymous reader: pseudonyms, personal fields emptied, carrying the real ids shown', async () => {
    asked.length = 0
    const { shown, carried } = await present(pseudonymous, PEOPLE, () => ITEM)
    assert.deepEqual(shown, { id: 'i1', owner: 'p1', owner_name: null, aliases: [], members_count: 3 })
    assert.deepEqual([...(carried.ids ?? [])], ['e1'])
    assert.deepEqual(asked, [['e1']], 'one look-up for the answer')
  })

  test('a person without a pseudonym is refused, never shown', async () => {
    await assert.rejects(
      present(pseudonymous, PEOPLE, () => ({ ...ITEM, owner: 'e9' })),
      /without a pseudonym/,
    )
  })

  test('an aggregate reader: its figures step decides, nobody is carried', async () => {
    let read = 0
    const untouched = readerOf('aggregate', { figures: async () => undefined })
    const asRead = await present(untouched, PEOPLE, () => {
      read++
      return ITEM
    })
    assert.equal(asRead.shown, AS_READ)
    assert.equal(asRead.carried.ids, undefined)
    assert.equal(read, 0, 'the answer is not read when its figures step does not ask for it')
    const hiding = readerOf('aggregate', {
      figures: async (value) => ({ ...(value() as object), members_count: null }),
    })
    assert.deepEqual((await present(hiding, PEOPLE, () => ITEM)).shown, { ...ITEM, members_count: null })
  })

  test('a rendering kept for the reader: shown as it is, carrying what it holds', async () => {
    const kept = { ...ITEM, owner: 'p1', owner_name: null, aliases: [] }
    const { shown, carried } = await present(readerOf('pseudonymous', { rendered: true }), PEOPLE, () => kept)
    assert.equal(shown, AS_READ)
    assert.deepEqual([...(carried.pseudonyms ?? [])], ['p1'])
  })

  test('a value the walk withholds is carried by nobody', async () => {
    const withholding = { ...PEOPLE, hide: () => WITHHELD }
    const { shown, carried } = await present(pseudonymous, withholding, () => ITEM)
    assert.equal(shown, WITHHELD)
    assert.equal(carried.ids, undefined)
  })

  test('a pseudonymous reader without its pseudonyms cannot be made', () => {
    assert.throws(() => readerOf('pseudonymous', {}), /without its pseudonyms/)
  })
})

describe('presentPage', () => {
  const document = JSON.stringify({ data: [ITEM, OTHER] })

  test('identified: as read; its people from what the statement read beside it, else walked', async () => {
    const reader = readerOf('identified', {})
    const beside = await presentPage(reader, PEOPLE, { document, people: 'e1,e2' })
    assert.equal(beside.shown, AS_READ)
    assert.equal(beside.carried.joined, 'e1,e2')
    const walked = await presentPage(reader, PEOPLE, { document: Buffer.from(document) })
    assert.deepEqual([...(walked.carried.ids ?? [])].sort(), ['e1', 'e2'])
  })

  test('pseudonymous: every item walked with one look-up, the withheld ones left out', async () => {
    asked.length = 0
    const { shown, carried } = await presentPage(pseudonymous, PEOPLE, { document })
    assert.deepEqual(JSON.parse(shown as string), {
      data: [
        { id: 'i1', owner: 'p1', owner_name: null, aliases: [], members_count: 3 },
        { id: 'i2', owner: 'p2', owner_name: null, aliases: [], members_count: 1 },
      ],
    })
    assert.deepEqual([...(carried.ids ?? [])].sort(), ['e1', 'e2'])
    assert.equal(asked.length, 1)
    const firstWithheld = {
      ...PEOPLE,
      hide: (value: unknown, pseudonymOf: (id: string) => string) =>
        (value as { id: string }).id === 'i1' ? WITHHELD : PEOPLE.hide(value, pseudonymOf),
    }
    const left = await presentPage(pseudonymous, firstWithheld, { document })
    assert.deepEqual(
      (JSON.parse(left.shown as string) as { data: { id: string }[] }).data.map((item) => item.id),
      ['i2'],
    )
    assert.deepEqual([...(left.carried.ids ?? [])], ['e2'])
  })

  test('aggregate: the page as its read judged it, carrying nobody', async () => {
    const { shown, carried } = await presentPage(readerOf('aggregate', {}), PEOPLE, { document })
    assert.equal(shown, AS_READ)
    assert.equal(carried.ids, undefined)
  })
})
