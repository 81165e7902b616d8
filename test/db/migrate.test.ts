// Migrations are safe when several processes start at once: one applies them, the others wait.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import pg from 'pg'
import { runCli } from '../helpers/cli.js'
import { DIALECTS } from '../helpers/databases.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`concurrent migrations (${dialect})`, { skip }, () => {
    test('three processes migrating one empty database at once all succeed', async () => {
      let url: string
      let cleanup: () => Promise<void>
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'awareness-migrate-'))
        url = join(dir, 'migrate.db')
        cleanup = async () => rmSync(dir, { recursive: true, force: true })
      } else {
        const base = process.env.TEST_DATABASE_URL as string
        const schema = `migrate_${Date.now()}`
        const admin = new pg.Client({ connectionString: base })
        await admin.connect()
        await admin.query(`create schema ${schema}`)
        await admin.end()
        const parsed = new URL(base)
        parsed.searchParams.set('options', `-c search_path=${schema}`)
        url = parsed.toString()
        cleanup = async () => {
          const c = new pg.Client({ connectionString: base })
          await c.connect()
          await c.query(`drop schema ${schema} cascade`)
          await c.end()
        }
      }
      try {
        const results = await Promise.all([1, 2, 3].map(() => runCli(['migrate', '--database', url])))
        for (const r of results) assert.equal(r.code, 0, r.stderr)
        const again = await runCli(['migrate', '--database', url])
        assert.equal(again.code, 0)
      } finally {
        await cleanup()
      }
    })
  })
}
