// `awareness export`: NDJSON equals the API walk; CSV parses back to the same rows and values.

import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parse } from 'csv-parse/sync'
import { toRows } from '../../src/cli/export-rows.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'

describe('awareness export', () => {
  let t: TestApp
  let d: ApiDataset
  let url: string
  let env: Record<string, string>
  let dir: string
  before(async () => {
    d = apiDataset(30)
    t = await testApp('sqlite', d.all)
    url = await t.listen()
    env = { AWARENESS_API_KEY: await t.key({ organizationId: d.orgA.id as string }) }
    dir = mkdtempSync(join(tmpdir(), 'awareness-export-'))
  })
  after(async () => {
    await t?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('NDJSON of every list equals the API walk', async () => {
    const cases: [string[], unknown[]][] = [
      [['employees', '--workspace', d.a1], oracle.employees(d.all, d.a1)],
      [['courses', '--workspace', d.a1], oracle.courses(d.all, d.a1)],
      [['progress', '--workspace', d.a1], oracle.progress(d.all, d.a1)],
      [['breaches', '--workspace', d.a1], oracle.breaches(d.all, d.a1)],
      [
        ['compromised', '--workspace', d.a1, '--breach', d.sharedBreachId],
        oracle.compromised(d.all, d.a1, d.sharedBreachId),
      ],
      [['statistics', '--workspace', d.a1], [oracle.statistics(d.all, d.a1, Date.now())]],
      [['organization'], [oracle.organization(d.all, d.orgA.id as string)]],
    ]
    for (const [args, expected] of cases) {
      const result = await runCli(['export', ...args, '--url', url], { env })
      assert.equal(result.code, 0, result.stderr)
      const lines = result.stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
      assert.deepEqual(lines, expected, args[0])
    }
  })

  test('CSV parses back with the same rows and values', async () => {
    const cases: [string, string[], unknown[]][] = [
      ['employees', ['--workspace', d.a1], oracle.employees(d.all, d.a1)],
      ['progress', ['--workspace', d.a1], oracle.progress(d.all, d.a1)],
      [
        'compromised',
        ['--workspace', d.a1, '--breach', d.sharedBreachId],
        oracle.compromised(d.all, d.a1, d.sharedBreachId),
      ],
      ['organization', [], [oracle.organization(d.all, d.orgA.id as string)]],
    ]
    for (const [resource, args, items] of cases) {
      const out = join(dir, `${resource}.csv`)
      const result = await runCli(
        ['export', resource, ...args, '--url', url, '--format', 'csv', '--out', out],
        { env },
      )
      assert.equal(result.code, 0, result.stderr)
      const parsed = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[]
      const expected = items
        .flatMap((item) => (toRows as any)[resource](item))
        .map((row: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])),
        )
      assert.equal(parsed.length, expected.length, resource)
      assert.deepEqual(parsed, expected, resource)
    }
  })

  test('failures exit non-zero with one line', async () => {
    const bad = await runCli(['export', 'employees', '--workspace', d.a1, '--url', url], {
      env: { AWARENESS_API_KEY: 'wsa_wrong' },
    })
    assert.equal(bad.code, 1)
    assert.match(bad.stderr, /^awareness: 401 unauthorized: .*\n$/)
    const missing = await runCli(['export', 'employees', '--workspace', d.b1, '--url', url], { env })
    assert.equal(missing.code, 1)
    assert.match(missing.stderr, /^awareness: 404 workspace_not_found: /)
    const invalid = await runCli(['export', 'employees', '--workspace', 'nope', '--url', url], { env })
    assert.equal(invalid.code, 1)
    assert.match(invalid.stderr, /^awareness: 422 invalid_parameter: /)
    const noKey = await runCli(['export', 'organization', '--url', url], { env: { AWARENESS_API_KEY: '' } })
    assert.equal(noKey.code, 1)
    assert.match(noKey.stderr, /AWARENESS_API_KEY/)
  })
})
