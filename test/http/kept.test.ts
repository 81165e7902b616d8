// What a read keeps between requests (routing/kept.ts): per workspace and generation, at most so
// many entries and, for the values that say their size, so much memory; a value larger than that
// is used once and never kept.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import { keptValues, MAX_KEPT_BYTES } from '../../src/routing/kept.js'

/** A value made by a counted call. */
function maker() {
  let made = 0
  return { make: async () => ({ n: ++made }), made: () => made }
}

test('a value is made once per workspace, generation and key', async () => {
  const store = keptValues()
  const m = maker()
  await store('w1', 'g1').get('k', m.make)
  await store('w1', 'g1').get('k', m.make)
  assert.equal(m.made(), 1)
  await store('w1', 'g2').get('k', m.make)
  await store('w2', 'g1').get('k', m.make)
  await store('w1', 'g1').get('other', m.make)
  assert.equal(m.made(), 4)
})

test('a value larger than the budget is used and not kept; values over it together empty the store', async () => {
  const store = keptValues()('w', 'g')
  const large = maker()
  const first = await store.get('large', large.make, () => MAX_KEPT_BYTES + 1)
  const again = await store.get('large', large.make, () => MAX_KEPT_BYTES + 1)
  assert.deepEqual([first.n, again.n, large.made()], [1, 2, 2])
  const half = maker()
  const other = maker()
  await store.get('a', half.make, () => MAX_KEPT_BYTES / 2)
  await store.get('a', half.make, () => MAX_KEPT_BYTES / 2)
  assert.equal(half.made(), 1, 'kept while within the budget')
  await store.get('b', other.make, () => MAX_KEPT_BYTES / 2 + 1)
  await store.get('a', half.make, () => MAX_KEPT_BYTES / 2)
  assert.equal(half.made(), 2, 'emptied to make room')
})
