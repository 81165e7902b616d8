// A line is at most 1 MiB of bytes, its line end not counted (CONTRACT 12): exactly, however the
// bytes arrive in chunks, from a file, from standard input and gzip-compressed.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { LineSplitter, MAX_LINE_BYTES } from '../../src/importer/lines.js'
import { runCli } from '../helpers/cli.js'
import { employee, organization, workspace } from '../helpers/records.js'

/** Cuts `bytes` at the given points (each taken modulo the length). */
function cut(bytes: Buffer, points: number[]): Buffer[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b)
  const pieces: Buffer[] = []
  let start = 0
  for (const p of [...at, bytes.length]) {
    pieces.push(bytes.subarray(start, p))
    start = p
  }
  return pieces
}

function split(pieces: Buffer[], max: number) {
  const splitter = new LineSplitter(max)
  const lines = pieces.flatMap((p) => splitter.push(p))
  return [...lines, ...splitter.end()]
}

describe('the line bound', () => {
  test('a line of exactly the bound is read, one byte more is an error, however it is cut', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 64 }),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom('\n', '\r\n', ''),
        fc.array(fc.nat(200), { maxLength: 6 }),
        (max, delta, end, points) => {
          const length = Math.max(1, max + delta)
          const text = 'x'.repeat(length)
          // Without a line end, the line is the input's last.
          const bytes = Buffer.from(`{}\n${text}${end}${end === '' ? '' : '{}\n'}`)
          const lines = split(cut(bytes, points), max)
          const second = lines.find((l) => l.number === 2)
          if (length <= max) assert.deepEqual(second, { number: 2, text })
          else assert.deepEqual(second, { number: 2, error: `line is longer than ${max} bytes` })
          assert.equal(lines.length, end === '' ? 2 : 3)
          if (end !== '') assert.deepEqual(lines[2], { number: 3, text: '{}' })
        },
      ),
      { numRuns: 2000 },
    )
  })

  test('the default bound is 1 MiB', () => {
    assert.equal(MAX_LINE_BYTES, 1024 * 1024)
  })
})

describe('the line bound through `awareness import`', () => {
  let dir: string
  const org = organization()
  const ws = workspace(org.id as string)

  /** A valid employee record padded with spaces to exactly `bytes` bytes. */
  function paddedEmployee(bytes: number): string {
    const json = JSON.stringify(employee(ws.id as string))
    return `${json.slice(0, -1)}${' '.repeat(bytes - json.length)}}`
  }
  const file = (line: string, lineEnd: string) =>
    Buffer.from(`${JSON.stringify(org)}\n${JSON.stringify(ws)}\n${line}${lineEnd}`)

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-line-bound-'))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  const inputs: [string, (bytes: Buffer) => { args: string[]; input?: Buffer }][] = [
    [
      'a file',
      (bytes) => {
        const path = join(dir, `f-${bytes.length}.ndjson`)
        writeFileSync(path, bytes)
        return { args: [path] }
      },
    ],
    ['standard input', (bytes) => ({ args: ['-'], input: bytes })],
    [
      'a gzip-compressed file',
      (bytes) => {
        const path = join(dir, `g-${bytes.length}.ndjson.gz`)
        writeFileSync(path, gzipSync(bytes))
        return { args: [path] }
      },
    ],
  ]

  for (const [name, make] of inputs) {
    test(`from ${name}: 1 MiB is imported, 1 MiB + 1 byte is refused`, async () => {
      const database = join(dir, `${name.replace(/\W/g, '-')}.db`)
      const exact = make(file(paddedEmployee(MAX_LINE_BYTES), '\r\n'))
      const ok = await runCli(['import', '--dry-run', '--database', database, ...exact.args], {
        input: exact.input,
      })
      assert.equal(ok.code, 0, ok.stderr)
      assert.match(ok.stdout, /employee 1\b/)
      const over = make(file(paddedEmployee(MAX_LINE_BYTES + 1), '\n'))
      const refused = await runCli(['import', '--database', database, ...over.args], { input: over.input })
      assert.equal(refused.code, 1)
      assert.match(refused.stderr, /:3: line is longer than 1048576 bytes\n/)
      assert.match(refused.stderr, /nothing was written\n$/)
    })
  }
})
