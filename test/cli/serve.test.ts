// `npm start` runs `awareness serve --demo-when-empty`: on an empty database it loads the demo
// data, prints a key with a curl line, and serves; the printed line must work as printed.

import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { hidePassword } from '../../src/cli/commands/serve.js'
import { owned } from '../helpers/children.js'
import { CLI, runCli } from '../helpers/cli.js'
import { freePort } from '../helpers/processes.js'
import { waitFor } from '../helpers/wait.js'

/** Starts `awareness serve`, returns the line it prints on stderr once listening, and stops it. */
async function startLine(env: Record<string, string>): Promise<string> {
  const port = await freePort()
  const child = owned(
    spawn(process.execPath, [...CLI, 'serve'], {
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', SHUTDOWN_DELAY: '0s', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  )
  try {
    let stderr = ''
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += chunk
        if (stderr.includes('\n')) resolve()
      })
      child.once('exit', () => reject(new Error(`exited: ${stderr}`)))
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    assert.equal(await exited, 0)
    return stderr
  } finally {
    child.kill('SIGKILL')
  }
}

describe('awareness serve --demo-when-empty', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awareness-serve-'))
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('loads the demo data, prints a working curl line, and stops cleanly on SIGTERM', async (t) => {
    const port = await freePort()
    const child = owned(
      spawn(process.execPath, [...CLI, 'serve', '--demo-when-empty'], {
        env: {
          ...process.env,
          DATABASE_URL: join(dir, 'start.db'),
          PORT: String(port),
          LOG_LEVEL: 'warn',
          SHUTDOWN_DELAY: '0s',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      t,
    )
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      // The demo is 12 monthly imports: the program's history (CONTRACT 17).
      const line = await waitFor(
        `a curl line printed (so far:\n${output})`,
        () => /curl -s -H 'x-api-key: (wsa_[0-9A-Za-z]{38})' '([^']+)'/.exec(output),
        { ms: 180_000, every: 100 },
      )
      assert.match(output, /API key \(shown once\)/)
      const [, key, url] = line as RegExpMatchArray
      const response = await waitFor(
        'the server answering',
        () => fetch(url as string, { headers: { 'x-api-key': key as string } }).catch(() => undefined),
        { every: 100 },
      )
      assert.equal(response.status, 200)
      assert.ok(
        output.includes(
          `awareness-api listening on http://127.0.0.1:${port} (reference: http://127.0.0.1:${port}/docs); ` +
            `database ${join(dir, 'start.db')}; redis none: limits per process\n`,
        ),
        output,
      )
      const body = (await response?.json()) as { data: unknown[] }
      assert.equal(body.data.length, 50)
      assert.ok(response?.headers.get('x-next-cursor'))
      // Every series draws a line on first start: a point per month, karma rising.
      const history = await fetch(
        (url as string).replace('/v1/employees?', '/v1/employees/statistics/history?'),
        {
          headers: { 'x-api-key': key as string },
        },
      )
      const points = ((await history.json()) as { data: { average_karma_score: number | null }[] }).data
      assert.equal(points.length, 12)
      assert.ok(points.every((p) => p.average_karma_score !== null))
      assert.ok((points[0]?.average_karma_score ?? 0) < (points[11]?.average_karma_score ?? 0))
      child.kill('SIGTERM')
      assert.equal(await exited, 0)
    } finally {
      child.kill('SIGKILL')
    }
  })

  test('a later start, when nobody has a key but the demo one, names the command that makes one', async () => {
    const line = await startLine({ DATABASE_URL: join(dir, 'start.db') })
    assert.match(
      line,
      /; the demo key was shown once, at the first start; a new key: npx awareness keys create --organization [0-9a-f-]{36}\n$/,
    )
    const organization = /--organization (\S+)\n$/.exec(line)?.[1] as string
    // Once someone has a key of their own, the hint goes.
    const created = await runCli(['keys', 'create', '--organization', organization, '--name', 'siem'], {
      env: { DATABASE_URL: join(dir, 'start.db') },
    })
    assert.equal(created.code, 0, created.stderr)
    assert.match(
      await startLine({ DATABASE_URL: join(dir, 'start.db') }),
      /redis none: limits per process\n$/,
    )
  })

  test('a database with data and no key at all: the start line says so, with the command', async () => {
    const database = join(dir, 'imported.db')
    const demo = await runCli(['demo-data', '--employees', '5', '--database', database])
    assert.equal(demo.code, 0, demo.stderr)
    assert.match(
      await startLine({ DATABASE_URL: database }),
      /; no API key yet: npx awareness keys create --organization [0-9a-f-]{36}\n$/,
    )
  })

  test('a port in use is one line naming the address and the cause', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as { port: number }
    try {
      const result = await runCli(['serve'], {
        env: { DATABASE_URL: join(dir, 'busy.db'), PORT: String(port) },
      })
      assert.equal(result.code, 1)
      assert.equal(result.stderr, `awareness: cannot listen on 127.0.0.1:${port}: the port is in use\n`)
    } finally {
      blocker.close()
    }
  })

  test('the start line names the reference, the database and a Redis that does not answer, with why', async () => {
    const closed = await freePort()
    const line = await startLine({
      DATABASE_URL: join(dir, 'banner.db'),
      REDIS_URL: `redis://:hunter2@127.0.0.1:${closed}`,
    })
    const port = /127\.0\.0\.1:(\d+) \(reference/.exec(line)?.[1]
    assert.equal(
      line,
      `awareness-api listening on http://127.0.0.1:${port} (reference: http://127.0.0.1:${port}/docs); ` +
        `database ${join(dir, 'banner.db')}; redis redis://:***@127.0.0.1:${closed} ` +
        '(not answering: connection refused; limits per process until it does)\n',
    )
  })

  test('the start line hides the database password', () => {
    assert.equal(
      hidePassword('postgres://awareness:s3cr%40t@db:5432/awareness'),
      'postgres://awareness:***@db:5432/awareness',
    )
    assert.equal(hidePassword('redis://:pw@cache:6379'), 'redis://:***@cache:6379')
    assert.equal(hidePassword('./data/awareness.db'), './data/awareness.db')
  })
})
