// A SQLite server without Redis does not load pg or ioredis (docs/design.md, fast paths): the
// process is checked from outside, since this test's own helpers may load both.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'

const SRC = resolve(import.meta.dirname, '../../src')

test('a SQLite server without Redis answers without loading pg or ioredis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awareness-optional-'))
  try {
    const at = (path: string) => JSON.stringify(pathToFileURL(join(SRC, path)).href)
    const code = `
      import { createRequire } from 'node:module'
      const { loadConfig } = await import(${at('config/config.ts')})
      const { openDatabase } = await import(${at('db/connection.ts')})
      const { migrateToLatest } = await import(${at('db/migrate.ts')})
      const { buildApp } = await import(${at('http/app.ts')})
      const database = openDatabase(${JSON.stringify(join(dir, 'a.db'))})
      await migrateToLatest(database)
      const app = await buildApp({ config: loadConfig({ REDIS_URL: undefined }, {}), database, logger: false })
      const health = await app.inject('/healthz')
      const loaded = Object.keys(createRequire(import.meta.url).cache)
      const packages = ['pg', 'ioredis'].filter((name) => loaded.some((p) => p.includes('/node_modules/' + name + '/')))
      console.log(JSON.stringify({ status: health.statusCode, packages }))
      await app.close()
      await database.close()`
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '' },
    })
    const result = JSON.parse(out.trim().split('\n').at(-1) as string)
    assert.deepEqual(result, { status: 200, packages: [] })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
