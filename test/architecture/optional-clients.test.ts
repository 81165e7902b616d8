// A SQLite server without Redis does not load pg or ioredis, nor the reference page before its first
// visit (docs/design.md, fast paths), nor OpenTelemetry unless traces are asked for: the process is
// checked from outside, since this test's own helpers may load them.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { MODULE_EXTENSION } from '../helpers/root.js'

// The program as this test was built: build/src from the build, src through tsx from the sources.
const SRC = resolve(import.meta.dirname, '../../src')
const LOADER = MODULE_EXTENSION === '.ts' ? ['--import', 'tsx'] : []
/** A module of the program, by its source path, as a URL in a string literal. */
const at = (path: string) =>
  JSON.stringify(pathToFileURL(join(SRC, path.replace(/\.ts$/, MODULE_EXTENSION))).href)

/**
 * Runs `body` in a new process, after `prelude`, with `app` built on a new SQLite database (no
 * Redis), and returns the JSON its last line prints.
 */
function inServer(dir: string, prelude: string, body: string): unknown {
  const code = `
    ${prelude}
    const { loadConfig } = await import(${at('config/config.ts')})
    const { openDatabase } = await import(${at('db/connection.ts')})
    const { migrateToLatest } = await import(${at('db/migrate.ts')})
    const { buildApp } = await import(${at('http/app.ts')})
    const database = openDatabase(${JSON.stringify(join(dir, 'a.db'))})
    await migrateToLatest(database)
    const app = await buildApp({ config: loadConfig({ REDIS_URL: undefined }, {}), database, logger: false })
    ${body}
    await app.close()
    await database.close()`
  const out = execFileSync(process.execPath, [...LOADER, '--input-type=module', '-e', code], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '' },
  })
  return JSON.parse(out.trim().split('\n').at(-1) as string)
}

/**
 * The prelude of a process that notes every module it loads whose URL matches `pattern` (a resolve
 * hook: it runs on the loader's own thread); in it, `loaded()` lists them so far.
 */
function watchLoads(dir: string, pattern: string): string {
  const log = join(dir, 'loaded.txt')
  const hooks = join(dir, 'hooks.mjs')
  rmSync(log, { force: true })
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs'
     export async function resolve(specifier, context, next) {
       const result = await next(specifier, context)
       if (new RegExp(${JSON.stringify(pattern)}).test(result.url)) appendFileSync(${JSON.stringify(log)}, result.url + '\\n')
       return result
     }`,
  )
  return `import { register } from 'node:module'
    import { existsSync, readFileSync } from 'node:fs'
    register(${JSON.stringify(pathToFileURL(hooks).href)})
    const loaded = () => existsSync(${JSON.stringify(log)}) ? readFileSync(${JSON.stringify(log)}, 'utf8').trim().split('\\n') : []`
}

test('a SQLite server without Redis answers without loading pg or ioredis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awareness-optional-'))
  try {
    const result = inServer(
      dir,
      `import { createRequire } from 'node:module'`,
      `const health = await app.inject('/healthz')
       const loaded = Object.keys(createRequire(import.meta.url).cache)
       const packages = ['pg', 'ioredis'].filter((name) => loaded.some((p) => p.includes('/node_modules/' + name + '/')))
       console.log(JSON.stringify({ status: health.statusCode, packages }))`,
    )
    assert.deepEqual(result, { status: 200, packages: [] })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the reference page (Scalar) is loaded on its first visit, not at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awareness-reference-'))
  try {
    const result = inServer(
      dir,
      watchLoads(dir, '/node_modules/@scalar/'),
      `const health = (await app.inject('/healthz')).statusCode
       const atStart = loaded().length
       const docs = (await app.inject('/docs/')).statusCode
       console.log(JSON.stringify({ health, atStart, docs, afterVisit: loaded().length > 0 }))`,
    )
    assert.deepEqual(result, { health: 200, atStart: 0, docs: 200, afterVisit: true })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// prom-client requires @opentelemetry/api (the no-op API, for its exemplars) whatever we do: what
// must stay unloaded is everything else, the SDK, the exporters and the instrumentation.
test('without OTEL_EXPORTER_OTLP_ENDPOINT (or with OTEL_TRACES_EXPORTER=none) no OpenTelemetry SDK module is loaded', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awareness-otel-off-'))
  const sdk = 'node_modules/(@opentelemetry/(?!api/)|@fastify/otel/)'
  try {
    const cases: [Record<string, string>, boolean][] = [
      [{}, false],
      [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, false],
      // The check sees the SDK when it is loaded.
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_EXPORTER_OTLP_TIMEOUT: '200' }, true],
    ]
    for (const [env, on] of cases) {
      const tracingModule = at('tracing/tracing.ts')
      const config = at('config/config.ts')
      const result = inServer(
        dir,
        `${watchLoads(dir, sdk)}
         import { createRequire } from 'node:module'
         const { startTracing } = await import(${tracingModule})
         const { loadConfig: configOf } = await import(${config})
         Object.assign(process.env, ${JSON.stringify(env)})
         const tracing = await startTracing(configOf().traces, 'awareness-api', '0')`,
        `const health = (await app.inject('/healthz')).statusCode
         const required = Object.keys(createRequire(import.meta.url).cache).filter((p) => new RegExp(${JSON.stringify(sdk)}).test(p))
         await tracing.shutdown()
         console.log(JSON.stringify({ health, enabled: tracing.enabled, loaded: [...loaded(), ...required].length > 0 }))`,
      )
      assert.deepEqual(result, { health: 200, enabled: on, loaded: on }, JSON.stringify(env))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a command loads what it needs: keys list no server nor schema library, the version no database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awareness-command-'))
  try {
    const run = (args: string[]) => {
      const code = `${watchLoads(dir, '/node_modules/(fastify|kysely|typebox|better-sqlite3)/')}
        const { main } = await import(${at('cli/main.ts')})
        await main(['node', 'awareness', ...${JSON.stringify(args)}])
        console.log(JSON.stringify([...new Set(loaded().map((url) => /node_modules\\/([^/]+)/.exec(url)?.[1]))].sort()))`
      const out = execFileSync(process.execPath, [...LOADER, '--input-type=module', '-e', code], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      return JSON.parse(out.trim().split('\n').at(-1) as string)
    }
    assert.deepEqual(run(['keys', 'list', '--database', join(dir, 'keys.db')]), ['better-sqlite3', 'kysely'])
    assert.deepEqual(run(['--version']), [])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
