// Items are rendered in their published schema's key order (schemas/ordered-json.ts), and the one
// renderer written out by hand for speed, the attack's tail, agrees with the schema's order.

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import Type from 'typebox'
import { jsonAround } from '../../src/records/fragments.js'
import { EXAMPLE_ATTACK } from '../../src/resources/campaigns/examples.js'
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

  test('around a slot: the slot is cut out whatever the value holds there', () => {
    const around = jsonAround(Outer, 'inner')
    const value = { z: 'a', inner: { b: 'kept out', a: 1 }, maybe: null, list: [], tags: [] }
    assert.deepEqual(around(value), { head: '{"z":"a","inner":', tail: ',"maybe":null,"list":[],"tags":[]}' })
    const { inner: _, ...without } = value
    assert.deepEqual(around(without), around(value))
  })

  test("the attack's hand-written tail is the schema-ordered rendering's tail", () => {
    // The example attack, with names that JSON must escape or that it leaves as they are.
    const attack = {
      ...EXAMPLE_ATTACK,
      campaign_cycle: null,
      template: { name: 'Invoice "due" \\ today' },
      service: { name: 'Mail\u2028 ✓ 😀' },
    }
    assert.equal(attackTail(attack), jsonAround(Attack, 'employee')(attack).tail)
  })
})
