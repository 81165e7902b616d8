// Items are rendered in their published schema's key order (schemas/ordered-json.ts), and the one
// renderer written out by hand for speed, the attack's tail, agrees with the schema's order.

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import Type from 'typebox'
import { attackTail } from '../../src/resources/campaigns/render.js'
import { Attack } from '../../src/resources/campaigns/schema.js'
import { Closed, Nullable } from '../../src/schemas/common.js'
import { jsonOf } from '../../src/schemas/ordered-json.js'

describe('jsonOf', () => {
  const Inner = Closed({ b: Type.String(), a: Type.Integer() })
  const Outer = Closed({
    z: Type.String(),
    inner: Inner,
    maybe: Nullable(Inner),
    list: Type.Array(Inner),
    optional: Type.Optional(Type.Integer()),
    tags: Type.Array(Type.String()),
  })
  const render = jsonOf(Outer)

  test('keys come out in the schema order at every depth, extra keys dropped', () => {
    const value = {
      tags: ['x'],
      list: [{ a: 1, b: 'p', extra: true }],
      maybe: { a: 2, b: 'q' },
      inner: { a: 3, b: 'r' },
      z: 'first',
      extra: 'dropped',
    }
    assert.equal(
      render(value as never),
      '{"z":"first","inner":{"b":"r","a":3},"maybe":{"b":"q","a":2},"list":[{"b":"p","a":1}],"tags":["x"]}',
    )
  })

  test('null where the schema allows it, an absent optional key left out', () => {
    assert.equal(
      render({ z: 'a"\u2028', inner: { b: '', a: 0 }, maybe: null, list: [], tags: [], optional: 4 }),
      '{"z":"a\\"\u2028","inner":{"b":"","a":0},"maybe":null,"list":[],"optional":4,"tags":[]}',
    )
  })

  test("the attack's hand-written tail is the schema-ordered rendering's tail", () => {
    const attack = {
      id: '0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10',
      campaign_cycle: null,
      employee: null,
      template: { name: 'Invoice "due" \\ today' },
      service: { name: 'Mail\u2028 ✓' },
      difficulty: 'hard',
      sent_at: '2024-01-13T10:00:00.123456Z',
      tricked_at: null,
      reported_at: '2024-01-14T10:00:00.000000Z',
      events: [
        {
          id: '1b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10',
          type: 'email_sent',
          created_at: '2024-01-13T10:00:00.123456Z',
        },
        {
          id: '2b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10',
          type: 'reported',
          created_at: '2024-01-14T10:00:00.000000Z',
        },
      ],
      created_at: '2024-01-13T09:00:00.000000Z',
    }
    const whole = jsonOf(Attack)(attack as never)
    const tail = whole.slice(whole.indexOf(',"employee":null') + ',"employee":null'.length)
    assert.equal(attackTail(attack as never), tail)
  })
})
