// The client as an integrator gets it: `npm pack` of packages/client, installed offline from the
// tarball into an empty project, type-checked (a script, and every JavaScript sample of the
// reference page) and run against a live server.

import assert from 'node:assert/strict'
import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { type TestApp, testApp } from '../helpers/app.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import { ROOT } from '../helpers/root.js'

const PACKAGE = join(ROOT, 'packages/client')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

/** An integrator's strict Node project; Node's types come from this repository (no install). */
const INTEGRATOR_TSCONFIG = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  typeRoots: [join(ROOT, 'node_modules/@types')],
  types: ['node'],
}

/** Bytes under a folder. */
function sizeOf(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0)
}

const SCRIPT = `import { AwarenessApiError, AwarenessClient, type Employee } from '@awareness-api/client'

const baseUrl = process.env.AWARENESS_API_URL ?? 'http://localhost:3000'
const workspaceId = process.env.WORKSPACE_ID ?? ''
const client = new AwarenessClient({ baseUrl, userAgent: 'package-test/1.0' })

const { data: organization, response } = await client.organization.get().withResponse()
const lowKarma: Employee[] = []
for await (const employee of client.employees.list({ workspaceId, status: ['active', 'pending'] })) {
  if (employee.karma !== null && employee.karma.score < 500) lowKarma.push(employee)
}
let code: AwarenessApiError['code'] | null = null
try {
  await client.employees.get('00000000-0000-4000-8000-000000000000')
} catch (error) {
  if (!(error instanceof AwarenessApiError)) throw error
  code = error.code
  if (code === 'employee_not_found') console.error('unknown employee, as expected')
}
const controller = new AbortController()
const progress = client.courses.progress({ workspaceId }, { limit: 10, signal: controller.signal })
let pages = 0
for await (const page of progress.pages()) {
  pages++
  if (page.response.rateLimit && page.response.rateLimit.remaining < 1) break
}
console.log(JSON.stringify({
  workspaces: organization.workspaces.map((w) => w.id),
  requestId: response.requestId,
  lowKarma: lowKarma.map((e) => e.id),
  code,
  pages,
}))
`

describe('the client package, packed and installed alone', () => {
  let dir: string
  let project: string
  let t: TestApp
  let d: ApiDataset
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-client-'))
    project = join(dir, 'project')
    mkdirSync(project)
    d = apiDataset(30)
    t = await testApp('sqlite', d.all)
  })
  after(async () => {
    await t?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('packs small, installs from the tarball offline with no dependency, carries no server types', () => {
    // The build made dist/ (npm ci's prepare, CI's build): packing without prepack keeps tsc from
    // rewriting it while other test processes load the client from it.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
        cwd: PACKAGE,
        encoding: 'utf8',
      }),
    )[0]
    const tarball = join(dir, packed.filename)
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'))
    assert.deepEqual(manifest.dependencies ?? {}, {}, 'no runtime dependency')
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'integration', type: 'module', private: true }),
    )
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], {
      cwd: project,
      stdio: 'pipe',
    })
    const installed = join(project, 'node_modules/@awareness-api/client')
    const bytes = sizeOf(installed)
    assert.ok(bytes < 1024 * 1024, `installed size ${bytes} bytes`)
    const declarations = readdirSync(join(installed, 'dist')).filter((f) => f.endsWith('.d.ts'))
    for (const file of declarations) {
      const text = readFileSync(join(installed, 'dist', file), 'utf8')
      assert.doesNotMatch(text, /typebox|fastify|kysely/i, `${file} is plain types`)
    }
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'))
    const packages = Object.keys(lock.packages).filter((p) => p !== '')
    assert.deepEqual(packages, ['node_modules/@awareness-api/client'], 'the client brings nothing else')
  })

  test('a script type-checks against it and runs against a live server', async (ctx) => {
    writeFileSync(join(project, 'sync.ts'), SCRIPT)
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { ...INTEGRATOR_TSCONFIG, noEmit: false, outDir: 'out' },
        files: ['sync.ts'],
      }),
    )
    const started = performance.now()
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project, stdio: 'pipe' })
    ctx.diagnostic(`tsc of the script: ${((performance.now() - started) / 1000).toFixed(2)} s`)
    const baseUrl = await t.listen()
    const key = await t.key({ organizationId: d.orgA.id as string })
    // Not execFileSync: the server answering it runs in this process.
    const { stdout: output } = await promisify(execFile)(process.execPath, ['out/sync.js'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, AWARENESS_API_URL: baseUrl, AWARENESS_API_KEY: key, WORKSPACE_ID: d.a1 },
    })
    const result = JSON.parse(output)
    assert.deepEqual(
      result.workspaces,
      oracle.organization(d.all, d.orgA.id as string).workspaces.map((w) => w.id),
    )
    assert.match(result.requestId, /^[0-9a-f-]{36}$/)
    assert.deepEqual(
      result.lowKarma,
      oracle
        .employees(d.all, d.a1, { status: ['active', 'pending'] })
        .filter((e) => {
          const karma = e.karma as { score: number } | null
          return karma !== null && karma.score < 500
        })
        .map((e) => e.id),
    )
    assert.equal(result.code, 'employee_not_found')
    assert.equal(result.pages, Math.ceil(oracle.progress(d.all, d.a1).length / 10))
  })

  test('every JavaScript sample of the reference page type-checks against it', async () => {
    const document = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8'))
    const samples = Object.values(document.paths).flatMap((item: any) =>
      (item.get['x-codeSamples'] ?? []).map((s: any) => [item.get.operationId, s.source]),
    )
    assert.equal(samples.length, Object.keys(document.paths).length, 'one sample per operation')
    mkdirSync(join(project, 'samples'), { recursive: true })
    for (const [operationId, source] of samples)
      writeFileSync(join(project, 'samples', `${operationId}.mjs`), source)
    writeFileSync(
      join(project, 'tsconfig.samples.json'),
      JSON.stringify({
        compilerOptions: { ...INTEGRATOR_TSCONFIG, allowJs: true, checkJs: true, noEmit: true },
        include: ['samples/*.mjs'],
      }),
    )
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.samples.json'], { cwd: project, stdio: 'pipe' })
  })
})
