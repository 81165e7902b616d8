// The SQL that runs is readable and reviewed: the committed snapshots under sql/ must equal what the
// code runs now (rewrite them with `npm run sql` after a change, and read the diff).

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { serviceStatements } from '../../tools/service-sql.js'
import { importStatements, listStatements } from '../../tools/sql-snapshots.js'
import { DIALECTS } from '../helpers/databases.js'
import { ROOT_URL } from '../helpers/root.js'

const committed = (dialect: string, file: string) =>
  readFileSync(new URL(`sql/${dialect}/${file}`, ROOT_URL), 'utf8')

for (const { dialect, skip } of DIALECTS) {
  describe(`SQL snapshots (${dialect})`, { skip }, () => {
    test(`sql/${dialect}/import.sql is what an import runs (npm run sql after a change)`, async () => {
      assert.equal(await importStatements(dialect), committed(dialect, 'import.sql'))
    })
    test(`sql/${dialect}/api.sql is what the API sends (npm run sql after a change)`, async () => {
      assert.equal(await listStatements(dialect), committed(dialect, 'api.sql'))
    })
    test(`sql/${dialect}/service.sql is what the rest of the service runs (npm run sql after a change)`, async () => {
      assert.equal(await serviceStatements(dialect), committed(dialect, 'service.sql'))
    })
  })
}
