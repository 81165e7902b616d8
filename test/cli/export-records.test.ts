// `awareness export --format records` and `export all` (CONTRACT 13): an organization exported as
// import records, imported into an empty instance, exports again to the same bytes, and answers every
// list and item of sections 2–18 with the same bytes, but for what docs/export.md says cannot travel.

import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { isDeepStrictEqual } from 'node:util'
import { TRAVELLING_TYPES } from '../../src/cli/commands/export-records.js'
import { demoRecords } from '../../src/demo/generate.js'
import { EXPORTS, RECORDS, STAYING_BEHIND } from '../../src/resources/index.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS } from '../helpers/databases.js'
import { DOCUMENT } from '../helpers/openapi-document.js'
import type { Rec } from '../helpers/records.js'
import { ROOT_URL } from '../helpers/root.js'

interface Operation {
  parameters: { name: string; in: string; required?: boolean; schema: { enum?: string[] } }[]
}
const PATHS = DOCUMENT.paths as Record<string, { get: Operation }>

/**
 * The operations a move carries: all but the program over time (section 17: history starts with the
 * import) and the events feed (section 14: the new instance's own).
 */
const CARRIED = Object.keys(PATHS).filter((path) => !/history|^\/v1\/events/.test(path))

/** What cannot travel, by operation: the fields of its answer that differ (`*`: the whole answer). */
const DIFFERING = new Map<string, Set<string>>()
for (const { answers } of STAYING_BEHIND)
  for (const { path, fields } of answers)
    DIFFERING.set(path, new Set([...(DIFFERING.get(path) ?? []), ...fields]))

/** The bodies of every page of one URL (one for an object), as JSON text, and its operation. */
interface Answer {
  path: string
  body: string
}

/** An answer without the fields that cannot travel, wherever they stand in it. */
function travelling({ path, body }: Answer): unknown {
  const fields = DIFFERING.get(path)
  if (fields === undefined) return body
  if (fields.has('*')) return null
  return JSON.parse(body, (key, value) => (fields.has(key) ? undefined : value))
}

/**
 * Every answer of the carried operations, per URL, from the server at `url`: lists walked through
 * their Link, each path id filled with every id of its parent list, every value of a required
 * parameter (a breakdown's `by`).
 */
async function answers(
  url: string,
  apiKey: string,
  workspaces: readonly string[],
): Promise<Map<string, Answer>> {
  const get = async (target: string) => {
    const response = await fetch(target, { headers: { 'x-api-key': apiKey } })
    const body = await response.text()
    assert.equal(response.status, 200, `${target}: ${body}`)
    return { body, next: /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1] }
  }
  /** The bodies of every page of a list (one for an object). */
  const walk = async (first: string) => {
    const bodies: string[] = []
    for (let next: string | undefined = first; next !== undefined; ) {
      const page: { body: string; next: string | undefined } = await get(next)
      bodies.push(page.body)
      next = page.next === undefined ? undefined : new URL(page.next, url).href
    }
    return bodies
  }
  const found = new Map<string, Answer>()
  for (const workspace of workspaces) {
    const idsOf = new Map<string, string[]>()
    for (const path of CARRIED) {
      const parameters = PATHS[path]?.get.parameters ?? []
      const query = parameters.filter((p) => p.in === 'query' && p.required && p.name !== 'workspace_id')
      const inWorkspace = parameters.some((p) => p.name === 'workspace_id')
      // An operation without workspace_id answers alike for every workspace: it is read once.
      if (!inWorkspace && workspace !== workspaces[0] && !path.includes('{')) continue
      let urls = [inWorkspace ? `${path}?workspace_id=${workspace}` : path]
      for (const p of query ?? [])
        urls = urls.flatMap((u) => (p.schema.enum ?? []).map((v) => `${u}&${p.name}=${v}`))
      const parent = /^(.*?)\/\{\w+\}/.exec(path)?.[1]
      if (parent !== undefined) {
        const ids = idsOf.get(parent) ?? []
        assert.ok(ids.length > 0, `${path}: no ${parent} to read it under`)
        urls = urls.flatMap((u) => ids.map((id) => u.replace(/\{\w+\}/, id)))
      }
      for (const u of urls) {
        const bodies = await walk(`${url}${u}`)
        found.set(u, { path, body: `[${bodies.join(',')}]` })
        const items = bodies.flatMap((b) => (JSON.parse(b) as { data?: { id?: string }[] }).data ?? [])
        if (parent === undefined && Array.isArray(items))
          idsOf.set(
            path,
            items.flatMap((i) => (typeof i.id === 'string' ? [i.id] : [])),
          )
      }
    }
  }
  return found
}

describe('awareness export all --format records', () => {
  const records = [...demoRecords({ employees: 250, seed: 11 })] as unknown as Rec[]
  const organizationId = records.find((r) => r.type === 'organization')?.id as string
  const workspaces = records.filter((r) => r.type === 'workspace').map((r) => r.id as string)
  let source: TestApp
  let sourceUrl: string
  let sourceKey: string
  let dir: string
  /** The first export, from the source. */
  let first: string

  const exportAll = async (url: string, key: string, out: string, more: string[] = []) => {
    const args = ['export', 'all', '--format', 'records', '--url', url, '--out', join(dir, out), ...more]
    const result = await runCli(args, { env: { AWARENESS_API_KEY: key } })
    assert.equal(result.code, 0, result.stderr)
    return readFileSync(join(dir, out), 'utf8')
  }
  const linesOf = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec)

  before(async () => {
    source = await testApp('sqlite', records)
    sourceUrl = await source.listen()
    sourceKey = await source.key({ organizationId })
    dir = mkdtempSync(join(tmpdir(), 'awareness-records-'))
    first = await exportAll(sourceUrl, sourceKey, 'first.ndjson')
  })
  after(async () => {
    await source?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('it writes every record type but those docs/export.md says cannot travel, lists longer than a page whole', () => {
    const lines = linesOf(first)
    const written = new Set(lines.map((r) => r.type))
    assert.deepEqual([...written].sort(), [...TRAVELLING_TYPES].sort())
    const behind = STAYING_BEHIND.map((s) => s.type)
    assert.deepEqual(
      [...TRAVELLING_TYPES, ...behind].sort(),
      RECORDS.map((r) => r.type).sort(),
      'every record type travels or is listed as staying behind',
    )
    const doc = readFileSync(new URL('docs/export.md', ROOT_URL), 'utf8')
    for (const type of behind) assert.ok(doc.includes(`\`${type}\``), `docs/export.md names ${type}`)
    for (const type of written) {
      const inSource = records.filter((r) => r.type === type).length
      assert.equal(lines.filter((r) => r.type === type).length, inSource, `every ${type} record`)
    }
    const perCampaign = new Map<string, number>()
    for (const r of lines)
      if (r.type === 'attack')
        perCampaign.set(r.campaign_id as string, (perCampaign.get(r.campaign_id as string) ?? 0) + 1)
    const attacksPage = EXPORTS.find((e) => e.name === 'campaigns')?.records?.children?.pageSize ?? 0
    assert.ok(
      Math.max(...perCampaign.values()) > attacksPage,
      'a campaign with more than one page of attacks',
    )
  })

  test('with --workspace, only that workspace', async () => {
    const [chosen] = workspaces as [string]
    const lines = linesOf(await exportAll(sourceUrl, sourceKey, 'one.ndjson', ['--workspace', chosen]))
    assert.deepEqual(
      lines.filter((r) => r.type === 'workspace').map((r) => r.id),
      [chosen],
    )
    for (const r of lines) if ('workspace_id' in r) assert.equal(r.workspace_id, chosen)
    const employees = new Set(
      records
        .filter((r) => r.type === 'employee' && (r.workspace as { id: string }).id === chosen)
        .map((r) => r.id),
    )
    assert.equal(lines.filter((r) => r.type === 'employee').length, employees.size)
    for (const r of lines)
      if ('employee_id' in r) assert.ok(employees.has(r.employee_id as string), JSON.stringify(r))
  })

  for (const { dialect, skip } of DIALECTS) {
    test(`imported into an empty ${dialect} instance, it exports the same bytes and every answer is the same`, {
      skip,
    }, async () => {
      const target = await testApp(dialect)
      try {
        const imported = await runCli(['import', join(dir, 'first.ndjson')], {
          env: { DATABASE_URL: target.db.url },
        })
        assert.equal(imported.code, 0, imported.stderr)
        const targetUrl = await target.listen()
        const key = await target.key({ organizationId })
        assert.equal(await exportAll(targetUrl, key, `${dialect}.ndjson`), first, 'the second export differs')
        const expected = await answers(sourceUrl, sourceKey, workspaces)
        const answered = await answers(targetUrl, key, workspaces)
        assert.deepEqual([...answered.keys()], [...expected.keys()])
        assert.deepEqual(
          new Set([...expected.values()].map((a) => a.path)),
          new Set(CARRIED),
          'every operation read',
        )
        const differing = [...expected].filter(
          ([url, a]) => !isDeepStrictEqual(travelling(answered.get(url) as Answer), travelling(a)),
        )
        assert.deepEqual(
          differing.map(([url]) => url),
          [],
          differing.map(([url, a]) => `${url}\n${a.body}\n${answered.get(url)?.body}`).join('\n'),
        )
        // What docs/export.md says differs does: the list holds nothing that travels after all.
        for (const path of DIFFERING.keys())
          assert.ok(
            [...expected].some(([url, a]) => a.path === path && a.body !== answered.get(url)?.body),
            `${path} is listed as differing after a move, and does not`,
          )
      } finally {
        await target.close()
      }
    })
  }

  test('imported again where it came from, it changes nothing', async () => {
    const result = await runCli(['import', '--json', join(dir, 'first.ndjson')], {
      env: { DATABASE_URL: source.db.url },
    })
    assert.equal(result.code, 0, result.stderr)
    const summary = JSON.parse(result.stdout)
    assert.equal(summary.changed, false, result.stdout)
    assert.deepEqual(summary.events, {})
  })

  test('one resource at a time, --format records writes the same records as export all', async () => {
    const [chosen] = workspaces as [string]
    const all = await exportAll(sourceUrl, sourceKey, 'chosen.ndjson', ['--workspace', chosen])
    const parts = []
    for (const e of EXPORTS.filter((e) => e.records !== undefined)) {
      const workspace = e.workspace === false ? [] : ['--workspace', chosen]
      const args = ['export', e.name, ...workspace, '--format', 'records', '--url', sourceUrl]
      const result = await runCli(args, { env: { AWARENESS_API_KEY: sourceKey } })
      assert.equal(result.code, 0, result.stderr)
      parts.push(result.stdout)
    }
    // The organization's export names every workspace; `all --workspace` only the chosen one.
    const sorted = (text: string) =>
      linesOf(text)
        .filter((r) => r.type !== 'workspace' || r.id === chosen)
        .map((r) => JSON.stringify(r))
        .sort()
    assert.deepEqual(sorted(parts.join('')), sorted(all))
  })

  test('the resources without records, and all without --format records, are usage errors', async () => {
    const without = EXPORTS.filter((e) => e.records === undefined).map((e) => e.name)
    const withRecords = EXPORTS.filter((e) => e.records !== undefined).map((e) => e.name)
    const run = (args: string[]) =>
      runCli([...args, '--url', sourceUrl], { env: { AWARENESS_API_KEY: sourceKey } })
    const results = await Promise.all(
      without.map((name) =>
        run(['export', name, '--workspace', workspaces[0] as string, '--format', 'records']),
      ),
    )
    for (const [i, result] of results.entries()) {
      assert.equal(result.code, 2, `${without[i]}: ${result.stderr}`)
      assert.equal(
        result.stderr,
        `awareness: --format records goes with ${withRecords.join(', ')}, all (see awareness export --help)\n`,
      )
      assert.equal(result.stdout, '')
    }
    for (const [args, message] of [
      [['export', 'all'], 'all goes with --format records'],
      [['export', 'all', '--format', 'csv'], 'all goes with --format records'],
      [['export', 'all', '--format', 'records', '--by', 'group'], '--by does not go with all'],
    ] as const) {
      const result = await run([...args])
      assert.equal(result.code, 2, result.stderr)
      assert.equal(result.stderr, `awareness: ${message} (see awareness export --help)\n`)
    }
    const unknown = await run([
      'export',
      'all',
      '--format',
      'records',
      '--workspace',
      '00000000-0000-4000-8000-000000000000',
    ])
    assert.equal(unknown.code, 1, unknown.stderr)
    assert.match(unknown.stderr, /not one of the workspaces this key reads/)
  })
})
