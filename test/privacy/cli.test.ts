// The privacy of keys on the command line (CONTRACT 19), on each database: `keys create --privacy`
// with its minimum group size, shown by `keys list` and `--json`, kept through `keys rotate`, wrong
// values a usage error; and `organizations rotate-pseudonyms`, which changes every pseudonym of its
// organization (and none of another), and refuses an unknown organization.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { AGGREGATE_SCOPES } from '../../src/domain/scopes.js'
import { importSources } from '../../src/importer/import.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { apiDataset } from '../helpers/dataset.js'
import { source } from '../helpers/records.js'

const PSEUDONYM = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

for (const { dialect, skip } of DIALECTS) {
  describe(`privacy on the command line (${dialect})`, { skip }, () => {
    let db: TestDatabase
    const d = apiDataset(12)
    const org = d.orgA.id as string
    const cli = (...args: string[]) => runCli([...args, '--database', db.url])
    const pseudonyms = async () =>
      new Map(
        (
          await sql<{ id: string; pseudonym: string; organization_id: string }>`
            select e.id, p.pseudonym, w.organization_id from employees e join workspaces w on w.id = e.workspace_id
              left join employees_pseudonymous p on p.id = e.id
            order by e.id`.execute(db.handle.db)
        ).rows.map((r) => [r.id, { pseudonym: r.pseudonym, organization: r.organization_id }]),
      )

    before(async () => {
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(d.all)])
    })
    after(() => db?.drop())

    test('keys create --privacy aggregate --min-group-size keeps both, shows them and rotates with them', async () => {
      const created = await cli(
        'keys',
        'create',
        '--organization',
        org,
        '--privacy',
        'aggregate',
        '--min-group-size',
        '12',
        '--json',
      )
      assert.equal(created.code, 0, created.stderr)
      const key = JSON.parse(created.stdout)
      assert.deepEqual([key.privacy, key.min_group_size], ['aggregate', 12])
      const defaulted = JSON.parse(
        (await cli('keys', 'create', '--organization', org, '--privacy', 'aggregate', '--json')).stdout,
      )
      assert.equal(defaulted.min_group_size, 10)
      const plain = await cli('keys', 'create', '--organization', org, '--privacy', 'aggregate')
      assert.match(plain.stdout, /\nprivacy {2}aggregate \(groups of 10\+\)\n/)
      // Only what it can read: the scopes of the operations open to an aggregate key.
      assert.deepEqual(key.scopes, [...AGGREGATE_SCOPES])
      assert.match(plain.stdout, new RegExp(`\nscopes {3}${AGGREGATE_SCOPES.join(',')}\n`))
      assert.ok(!key.scopes.includes('events:read'))

      const rotated = await cli('keys', 'rotate', key.id, '--json')
      assert.equal(rotated.code, 0, rotated.stderr)
      assert.deepEqual(
        [JSON.parse(rotated.stdout).privacy, JSON.parse(rotated.stdout).min_group_size],
        ['aggregate', 12],
      )
      const listed = JSON.parse((await cli('keys', 'list', '--json')).stdout) as {
        id: string
        privacy: string
        min_group_size: number | null
      }[]
      const successor = listed.find((k) => k.id === JSON.parse(rotated.stdout).id)
      assert.deepEqual([successor?.privacy, successor?.min_group_size], ['aggregate', 12])
      const table = (await cli('keys', 'list')).stdout
      assert.match(table.split('\n')[0] as string, / SCOPES +PRIVACY +STATE /)
      assert.match(table, new RegExp(`${key.id} .* aggregate \\(groups of 12\\+\\) `))
    })

    test('a wrong privacy or group size, or a group size without aggregate, is a usage error', async () => {
      for (const args of [
        ['--privacy', 'anonymous'],
        ['--privacy', 'aggregate', '--min-group-size', '1'],
        ['--privacy', 'aggregate', '--min-group-size', '1001'],
        ['--privacy', 'aggregate', '--min-group-size', '12.5'],
        ['--min-group-size', '12'],
        ['--privacy', 'aggregate', '--scopes', 'reports:read,events:read'],
      ]) {
        const r = await cli('keys', 'create', '--organization', org, ...args)
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
        assert.equal(r.stdout, '')
        assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr)
      }
    })

    test('keys create --privacy pseudonymous and webhooks create --privacy pseudonymous keep it; aggregate is no endpoint privacy', async () => {
      const key = JSON.parse(
        (await cli('keys', 'create', '--organization', org, '--privacy', 'pseudonymous', '--json')).stdout,
      )
      assert.deepEqual([key.privacy, key.min_group_size], ['pseudonymous', null])
      const allow = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' }
      const create = (...privacy: string[]) =>
        runCli(
          [
            'webhooks',
            'create',
            '--organization',
            org,
            '--url',
            'http://127.0.0.1:9/hook',
            ...privacy,
            '--json',
            '--database',
            db.url,
          ],
          { env: allow },
        )
      const endpoint = await create('--privacy', 'pseudonymous')
      assert.equal(endpoint.code, 0, endpoint.stderr)
      assert.equal(JSON.parse(endpoint.stdout).privacy, 'pseudonymous')
      assert.equal(JSON.parse((await create()).stdout).privacy, 'identified')
      const listed = await cli('webhooks', 'list')
      assert.match(
        listed.stdout,
        new RegExp(`^${JSON.parse(endpoint.stdout).id} .*  json  pseudonymous\n`, 'm'),
      )
      const refused = await create('--privacy', 'aggregate')
      assert.equal(refused.code, 2, refused.stderr)
      assert.match(refused.stderr, /--privacy/)
    })

    test('rotate-pseudonyms changes every pseudonym of its organization, none of another', async () => {
      const before = await pseudonyms()
      assert.ok([...before.values()].every((p) => PSEUDONYM.test(p.pseudonym)))
      const r = await cli('organizations', 'rotate-pseudonyms', org)
      assert.equal(r.code, 0, r.stderr)
      const after = await pseudonyms()
      const mine = [...before].filter(([, p]) => p.organization === org)
      assert.match(
        r.stdout,
        new RegExp(`rotated the pseudonyms of ${mine.length} employees of organization ${org}`),
      )
      for (const [id, p] of before) {
        const now = after.get(id)?.pseudonym as string
        assert.match(now, PSEUDONYM)
        if (p.organization === org) assert.notEqual(now, p.pseudonym, id)
        else assert.equal(now, p.pseudonym, id)
      }
      const unknown = await cli('organizations', 'rotate-pseudonyms', '00000000-0000-4000-8000-000000000000')
      assert.equal(unknown.code, 1)
      assert.match(unknown.stderr, /organization 00000000-0000-4000-8000-000000000000 does not exist/)
    })
  })
}
