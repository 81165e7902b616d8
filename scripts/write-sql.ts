// Writes the SQL snapshots (sql/<dialect>/*.sql): what an import runs, what the API sends, and
// what the rest of the service runs.
// Run: npm run sql (with TEST_DATABASE_URL for PostgreSQL's). The tests fail when they drift.
import { mkdirSync, writeFileSync } from 'node:fs'
import { serviceStatements } from '../tools/service-sql.js'
import { importStatements, listStatements } from '../tools/sql-snapshots.js'

const dialects = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
for (const dialect of dialects) {
  const dir = new URL(`../sql/${dialect}/`, import.meta.url)
  mkdirSync(dir, { recursive: true })
  writeFileSync(new URL('import.sql', dir), await importStatements(dialect))
  writeFileSync(new URL('api.sql', dir), await listStatements(dialect))
  writeFileSync(new URL('service.sql', dir), await serviceStatements(dialect))
  console.log(`wrote sql/${dialect}/import.sql, api.sql and service.sql`)
}
if (dialects.length === 1)
  console.log('PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to write its snapshots')
