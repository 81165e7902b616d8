// Nothing internal leaves the server, and no key rests anywhere in plain text.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { routeCases } from '../helpers/routes.js'

const INTERNAL =
  /json_head|json_tail|ref_json|key_hash|stg_|workspace_statistics|simulation_statistics|employee_statistics|breach_statistics|service_state|api_keys|kysely|select |sqlite|postgres|node_modules|\bat [\w.<>]+ \(|Error:/i

for (const { dialect, skip } of DIALECTS) {
  describe(`exposure (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let keys: string[]
    before(async () => {
      d = apiDataset(8)
      t = await testApp(dialect, d.all)
      keys = [
        await t.key({ organizationId: d.orgA.id as string }),
        await t.key({ organizationId: d.orgB.id as string }),
      ]
    })
    after(() => t?.close())

    test('no answer of any route carries a key hash, an internal name, SQL or a stack trace', async () => {
      const { rows } = await sql<{ key_hash: string }>`select key_hash from api_keys`.execute(t.db.handle.db)
      for (const route of routeCases(d)) {
        for (const key of [...keys, undefined, 'wsa_x']) {
          for (const suffix of ['', '&x=1', "&workspace_id='", '&karma_score_gte=-1']) {
            const url = route.url.includes('?') ? route.url + suffix : `${route.url}?${suffix.slice(1)}`
            const response = await t.request(url, { key })
            assert.doesNotMatch(response.body, INTERNAL, `${url} (${response.status})`)
            for (const { key_hash } of rows) assert.ok(!response.body.includes(key_hash))
            for (const k of keys) assert.ok(!response.body.includes(k))
          }
        }
      }
    })

    test('the database holds no key in plain text', async () => {
      const { rows } = await sql<Record<string, unknown>>`select * from api_keys`.execute(t.db.handle.db)
      const dump = JSON.stringify(rows)
      for (const k of keys) {
        assert.ok(!dump.includes(k))
        assert.ok(!dump.includes(k.slice(4, 36)), 'not even the random part')
      }
      if (dialect === 'sqlite') {
        const bytes = readFileSync(t.db.url)
        for (const k of keys) assert.equal(bytes.indexOf(k.slice(4, 36)), -1, 'nowhere in the database file')
      }
    })
  })
}
