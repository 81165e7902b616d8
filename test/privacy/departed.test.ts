// The events feed names employees deleted since by the pseudonym they had (CONTRACT 19), made from
// the organization's secret. An organization whose employees were all deleted before secrets were
// kept had none: the next start makes it, and the feed names them by it rather than fail.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { deriveMissing, importSources } from '../../src/importer/import.js'
import { pseudonymOf } from '../../src/privacy/pseudonyms.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { employee, organization, source, workspace } from '../helpers/records.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`employees deleted before their organization had a secret (${dialect})`, { skip }, () => {
    const org = organization()
    const ws = workspace(org.id as string)
    const people = [employee(ws.id as string), employee(ws.id as string)]
    let t: TestApp
    before(async () => {
      t = await testApp(dialect, [org, ws, ...people])
      await importSources(t.db.handle, [source([org, ws])], { replace: true })
      // As before the secrets were kept: an organization without employees had none.
      await sql`delete from pseudonym_secrets`.execute(t.db.handle.db)
    })
    after(() => t?.close())

    test('the next start makes the secret, and the feed names them by the pseudonyms it gives', async () => {
      assert.equal(await deriveMissing(t.db.handle), 1)
      assert.equal(await deriveMissing(t.db.handle), 0, 'nothing is missing any more')
      const { secret } = await t.db.handle.db
        .selectFrom('pseudonym_secrets')
        .select('secret')
        .where('organization_id', '=', org.id as string)
        .executeTakeFirstOrThrow()
      const key = await t.key({ organizationId: org.id as string, privacy: 'pseudonymous' })
      const { items } = await walk(t, `/v1/events?workspace_id=${ws.id}&type=employee.deleted`, key, 100, [
        'headers',
      ])
      const named = items.map((e) => (e as { data: { object: { id: string } } }).data.object.id).sort()
      const expected = people.map((p) => pseudonymOf(Buffer.from(secret, 'base64'), p.id as string)).sort()
      assert.deepEqual(named, expected)
    })
  })
}
