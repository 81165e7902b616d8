// Hostile imports: every one is refused with a clear error naming its line, nothing is written,
// and memory stays bounded (a line is never held past its limit).

import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { createGzip, gzipSync } from 'node:zlib'
import {
  type ImportOptions,
  ImportRejected,
  type ImportSource,
  importSources,
} from '../../src/importer/import.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { ndjson, organization, smallDataset, source } from '../helpers/records.js'
import { snapshot } from '../helpers/snapshot.js'

async function refused(db: TestDatabase, sources: ImportSource[]): Promise<ImportRejected> {
  return refusedWith(db, sources, {})
}

async function refusedWith(
  db: TestDatabase,
  sources: ImportSource[],
  options: ImportOptions,
): Promise<ImportRejected> {
  const before = await snapshot(db.handle)
  const error = await importSources(db.handle, sources, options).catch((e: unknown) => e)
  assert.ok(error instanceof ImportRejected, String(error))
  assert.deepEqual(await snapshot(db.handle), before, 'nothing was written')
  return error
}

/** A source of `chunks` chunks made on demand (gzip-compressed when its name ends .gz); counts those read. */
function lazy(
  name: string,
  chunks: number,
  chunk: () => Buffer,
): { source: ImportSource; pulled: () => number } {
  let pulled = 0
  const plain = async function* () {
    for (let i = 0; i < chunks; i++) {
      pulled++
      yield chunk()
    }
  }
  const read = name.endsWith('.gz')
    ? () =>
        Readable.from(plain(), { highWaterMark: 1 }).pipe(createGzip({ level: 1 })) as AsyncIterable<Buffer>
    : plain
  return { source: { name, read }, pulled: () => pulled }
}

for (const { dialect, skip } of DIALECTS) {
  describe(`hostile imports (${dialect})`, { skip }, () => {
    let db: TestDatabase
    let seeded: ReturnType<typeof smallDataset>
    before(async () => {
      db = await freshDatabase(dialect)
      seeded = smallDataset()
      await importSources(db.handle, [source(seeded.all)])
    })
    after(() => db?.drop())

    test('a 50 MB single line is refused by its number, streamed, with memory bounded', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 'x')
      const huge: ImportSource = {
        name: 'huge.ndjson',
        async *read() {
          yield Buffer.from(`${JSON.stringify(organization())}\n{"type":"organization","id":"`)
          for (let i = 0; i < 50; i++) yield chunk
          yield Buffer.from(`"}\n${JSON.stringify(organization())}\n`)
        },
      }
      global.gc?.()
      const before = process.memoryUsage().rss
      const error = await refused(db, [huge])
      const grown = (process.memoryUsage().rss - before) / 2 ** 20
      assert.deepEqual(
        error.errors.map((e) => [e.line, e.message]),
        [[2, 'line is longer than 1048576 bytes']],
      )
      assert.ok(grown < 40, `memory grew by ${grown.toFixed(0)} MiB for a 50 MiB line`)
    })

    test('deeply nested JSON is refused, not a crash', async () => {
      const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
      const nested = `{"type":"organization","id":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`
      const error = await refused(db, [source([JSON.stringify(organization()), deep, nested])])
      assert.deepEqual([...new Set(error.errors.map((e) => e.line))], [2, 3])
      assert.match(error.errors[0]?.message ?? '', /must be a JSON object|not valid JSON/)
      assert.ok(error.errors.some((e) => e.line === 3 && /organization\.id/.test(e.message)))
    })

    test('a binary file and a truncated gzip are refused with the line where reading stopped', async () => {
      const binary = await refused(db, [source(randomBytes(4096), 'random.bin')])
      assert.ok(binary.errors.length > 0)
      assert.ok(binary.errors.every((e) => e.source === 'random.bin' && e.line >= 1))
      const gz = gzipSync(ndjson(smallDataset().all))
      const truncated = await refused(db, [
        source(gz.subarray(0, Math.floor(gz.length / 2)), 'cut.ndjson.gz'),
      ])
      assert.match(truncated.errors.at(-1)?.message ?? '', /gzip stream is damaged/)
    })

    test('a newline bomb stops at the blank-line limit, long before its end', async () => {
      const { source: bomb, pulled } = lazy('bomb.ndjson.gz', 200, () => Buffer.alloc(1024 * 1024, '\n'))
      const error = await refused(db, [bomb])
      assert.deepEqual(
        error.errors.map((e) => e.message),
        ['more than 10,000 blank lines: not an import file'],
      )
      assert.ok(pulled() < 64, `read ${pulled()} MiB of 200`)
    })

    test('input past the byte limit is refused once decompressed, gzip or not', async () => {
      const records = Array.from({ length: 3000 }, () => JSON.stringify(organization()))
      const text = Buffer.from(ndjson(records))
      for (const [name, bytes] of [
        ['big.ndjson', text],
        ['big.ndjson.gz', gzipSync(text)],
      ] as const) {
        const error = await refusedWith(db, [source(bytes, name)], { maxBytes: 100_000 })
        assert.equal(error.errors.length, 1, name)
        assert.match(error.errors[0]?.message ?? '', /larger than IMPORT_MAX_BYTES/)
        assert.equal(error.errors[0]?.source, name)
      }
      const fits = await importSources(db.handle, [source(text)], { maxBytes: text.length, dryRun: true })
      assert.equal(fits.records.organization, 3000)
    })

    test('a file repeating one record stops at the error limit, long before its end', async () => {
      const line = Buffer.from(`${JSON.stringify(organization())}\n`)
      const { source: repeated, pulled } = lazy('repeat.ndjson', 10_000, () =>
        Buffer.concat(Array(1000).fill(line)),
      )
      const error = await refused(db, [repeated])
      assert.equal(error.errors.length, 100)
      assert.equal(error.truncated, true)
      assert.match(
        error.errors[0]?.message ?? '',
        /^duplicate organization [0-9a-f-]{36} \(first at line 1\)$/,
      )
      assert.ok(pulled() < 10, `read ${pulled()} of 10,000 chunks`)
    })

    test('text holding NUL or an unpaired surrogate is refused with its field; a surrogate pair is fine', async () => {
      const base = seeded.manager as Record<string, unknown>
      const lines = [
        JSON.stringify({ ...base, name: 'a\u0000b' }),
        // JSON.stringify writes an unpaired surrogate as its \u escape, as a hostile file would.
        JSON.stringify({ ...base, job_title: 'x\ud800' }),
        JSON.stringify({ ...base, department: { name: '\udc00' } }),
      ]
      const error = await refused(db, [source(lines)])
      assert.deepEqual(
        error.errors.map((e) => [e.line, e.message.split(':')[0]]),
        [
          [1, 'employee.name'],
          [2, 'employee.job_title'],
          [3, 'employee.department.name'],
        ],
      )
      const pair = await importSources(
        db.handle,
        [source([JSON.stringify({ ...base, name: 'smile \ud83d\ude00' })])],
        {
          dryRun: true,
        },
      )
      assert.equal(pair.written.employee, 1)
    })

    test('a record whose JSON repeats a key is judged by the value JSON keeps, and its line is named', async () => {
      // JSON.parse keeps the last of repeated names: the record is validated as that.
      const error = await refused(db, [source(['{"type":"organization","type":"spaceship","id":"x"}'])])
      assert.equal(error.errors[0]?.line, 1)
      assert.match(error.errors[0]?.message ?? '', /unknown record type "spaceship"/)
    })
  })
}
