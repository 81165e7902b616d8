// The row tap (src/db/postgres-data-rows.ts) without a database: whatever sizes the socket's reads
// have, every message reaches either the sink (DataRows, while one is set) or pg, whole and in order.

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { DataRow, RowTap } from '../../src/db/postgres-data-rows.js'

function message(code: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5)
  header.write(code, 0, 'latin1')
  header.writeUInt32BE(body.length + 4, 1)
  return Buffer.concat([header, body])
}

function dataRowBody(fields: (Buffer | null)[]): Buffer {
  const count = Buffer.alloc(2)
  count.writeInt16BE(fields.length, 0)
  const parts: Buffer[] = [count]
  for (const field of fields) {
    const length = Buffer.alloc(4)
    length.writeInt32BE(field === null ? -1 : field.length, 0)
    parts.push(length)
    if (field !== null) parts.push(field)
  }
  return Buffer.concat(parts)
}

/** Splits bytes known to hold whole messages into them. */
function messagesOf(bytes: Buffer): Buffer[] {
  const out: Buffer[] = []
  let at = 0
  while (at < bytes.length) {
    const total = 1 + bytes.readUInt32BE(at + 1)
    assert.ok(at + total <= bytes.length, 'pg is handed whole messages only')
    out.push(bytes.subarray(at, at + total))
    at += total
  }
  return out
}

const field = fc.option(
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  { freq: 6 },
)
const anyMessage = fc.oneof(
  fc.array(field, { maxLength: 5 }).map((fields) => message('D', dataRowBody(fields))),
  fc
    .tuple(fc.constantFrom('T', 'C', 'N', 'S', '1', '2'), fc.uint8Array({ maxLength: 200 }))
    .map(([code, body]) => message(code, Buffer.from(body))),
  fc.constant(message('Z', Buffer.from('I'))),
)

/** Reads of a socket: the stream cut at the given points, or every `cuts` bytes. */
const cutting = fc.oneof(fc.array(fc.nat(), { maxLength: 30 }), fc.integer({ min: 1, max: 9 }))

function chunked(stream: Buffer, cuts: number[] | number): Buffer[] {
  const every = typeof cuts === 'number' ? cuts : 0
  const at =
    typeof cuts === 'number'
      ? Array.from({ length: Math.ceil(stream.length / every) }, (_, i) => i * every)
      : cuts
  const points = [...new Set(at.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b)
  const chunks: Buffer[] = []
  let from = 0
  for (const point of [...points, stream.length]) {
    if (point > from) chunks.push(Buffer.from(stream.subarray(from, point)))
    from = Math.max(from, point)
  }
  return chunks
}

describe('the row tap', () => {
  test('DataRows go to the sink until a ReadyForQuery reaches pg, everything else to pg, whole and in order', () => {
    fc.assert(
      fc.property(fc.array(anyMessage, { maxLength: 40 }), cutting, (messages, cuts) => {
        const stream = Buffer.concat(messages)
        const seen: string[] = []
        const tap: RowTap = new RowTap((bytes) => {
          for (const m of messagesOf(bytes)) {
            seen.push(`pg ${m.toString('hex')}`)
            // As a statement ends: its rows are no longer wanted.
            if (m[0] === 0x5a) tap.sink = undefined
          }
        })
        tap.sink = (bytes, start, end) => {
          const body = Buffer.from(bytes.subarray(start, end))
          seen.push(`sink ${message('D', body).toString('hex')}`)
        }
        for (const chunk of chunked(stream, cuts)) tap.push(chunk)
        let sinking = true
        const expected = messages.map((m) => {
          const to = m[0] === 0x44 && sinking ? 'sink' : 'pg'
          if (m[0] === 0x5a) sinking = false
          return `${to} ${m.toString('hex')}`
        })
        assert.deepEqual(seen, expected)
      }),
      { numRuns: 300 },
    )
  })

  test('a row reads back the fields it was made of, nulls and empty ones included', () => {
    fc.assert(
      fc.property(fc.array(field, { maxLength: 12 }), fc.nat(20), (fields, offset) => {
        const body = dataRowBody(fields)
        const bytes = Buffer.concat([Buffer.alloc(offset), body, Buffer.alloc(3)])
        const row = new DataRow().load(bytes, offset, offset + body.length)
        assert.equal(row.count, fields.length)
        fields.forEach((expected, i) => {
          assert.equal(row.isNull(i), expected === null)
          assert.equal(row.text(i), expected === null ? null : expected.toString('utf8'))
          const target = Buffer.alloc(row.byteLength(i))
          assert.equal(row.copy(i, target, 0), expected?.length ?? 0)
          assert.deepEqual(target, expected ?? Buffer.alloc(0))
        })
        assert.throws(() => row.text(fields.length), RangeError)
      }),
    )
  })

  test('a malformed row is an error, not a read past its end', () => {
    const body = dataRowBody([Buffer.from('abc'), Buffer.from('defgh')])
    assert.throws(() => new DataRow().load(body, 0, body.length - 1), /malformed DataRow/)
    assert.throws(() => new DataRow().load(body, 0, 1), /malformed DataRow/)
    const negative = dataRowBody([Buffer.from('x')])
    negative.writeInt32BE(-2, 2)
    assert.throws(() => new DataRow().load(negative, 0, negative.length), /malformed DataRow/)
  })
})
