// Hostile imports: every one is refused with a clear error naming its line, nothing is written,
// and memory stays bounded (a line is never held past its limit).

import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { ImportRejected, type ImportSource, importSources } from '../../src/importer/import.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { ndjson, organization, smallDataset, source } from '../helpers/records.js'
import { snapshot } from '../helpers/snapshot.js'

async function refused(db: TestDatabase, sources: ImportSource[]): Promise<ImportRejected> {
  const before = await snapshot(db.handle)
  const error = await importSources(db.handle, sources).catch((e: unknown) => e)
  assert.ok(error instanceof ImportRejected, String(error))
  assert.deepEqual(await snapshot(db.handle), before, 'nothing was written')
  return error
}

for (const { dialect, skip } of DIALECTS) {
  describe(`hostile imports (${dialect})`, { skip }, () => {
    let db: TestDatabase
    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(smallDataset().all)])
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

    test('a record whose JSON repeats a key is judged by the value JSON keeps, and its line is named', async () => {
      // JSON.parse keeps the last of repeated names: the record is validated as that.
      const error = await refused(db, [source(['{"type":"organization","type":"spaceship","id":"x"}'])])
      assert.equal(error.errors[0]?.line, 1)
      assert.match(error.errors[0]?.message ?? '', /unknown record type "spaceship"/)
    })
  })
}
