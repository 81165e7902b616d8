// Sealed cursors (CONTRACT 19): a pseudonymous key's cursor holds its position encrypted, so that no
// real id is readable in it; it opens only for the binding it was issued for, only where a sealed
// cursor is expected, and any change to it is refused; a signed cursor is refused where a sealed one
// is expected, and the other way round. Properties over random positions and bindings.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { test } from 'node:test'
import fc from 'fast-check'
import { CursorCodec, type Position } from '../../src/paging/paging.js'

const codec = new CursorCodec('test-secret-test-secret-test-secret!')
const position = fc
  .tuple(fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }), fc.uuid())
  .map(([at, id]): Position => [`${at.toISOString().slice(0, 23)}000Z`, id])
const binding = fc.string({ minLength: 1, maxLength: 80 })

const refused = (run: () => unknown) =>
  assert.throws(run, (e: { code?: string }) => e.code === 'invalid_cursor')

test('a sealed cursor reads back its position, and shows no part of it', () => {
  fc.assert(
    fc.property(position, binding, (p, b) => {
      const sealed = codec.encode(b, p, true)
      assert.match(sealed, /^c2\.[A-Za-z0-9_-]+$/)
      for (const part of [p[1], p[1].replaceAll('-', ''), p[0]]) assert.ok(!sealed.includes(part))
      const decoded = Buffer.from(sealed.slice(3), 'base64url').toString('latin1')
      assert.ok(!decoded.includes(p[1]) && !decoded.includes(p[0]), 'not readable once decoded')
      assert.deepEqual(codec.decode(b, sealed, undefined, undefined, true), p)
    }),
  )
})

test('a sealed cursor opens only for its binding, only where sealed cursors are expected, unchanged', () => {
  fc.assert(
    fc.property(position, binding, binding, fc.nat(), (p, b, other, at) => {
      const sealed = codec.encode(b, p, true)
      if (other !== b) refused(() => codec.decode(other, sealed, undefined, undefined, true))
      refused(() => codec.decode(b, sealed))
      refused(() => codec.decode(b, codec.encode(b, p), undefined, undefined, true))
      // One bit of its bytes changed (a changed character could touch only base64url's unused bits).
      const bytes = Buffer.from(sealed.slice(3), 'base64url')
      bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ (1 << (at % 8))
      refused(() => codec.decode(b, `c2.${bytes.toString('base64url')}`, undefined, undefined, true))
    }),
  )
})

test('another server secret does not open it', () => {
  const p: Position = ['2026-11-29T00:00:00.000000Z', randomUUID()]
  const sealed = codec.encode('list', p, true)
  refused(() =>
    new CursorCodec('another-secret-another-secret-1234').decode('list', sealed, undefined, undefined, true),
  )
})
