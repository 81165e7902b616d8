// `npm start` runs `awareness serve --demo-when-empty`: on an empty database it loads the demo
// data, prints a key with a curl line, and serves; the printed line must work as printed.

import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { freePort } from '../helpers/processes.js'

const ENTRY = fileURLToPath(new URL('../helpers/cli-entry.ts', import.meta.url))

describe('awareness serve --demo-when-empty', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awareness-serve-'))
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('loads the demo data, prints a working curl line, and stops cleanly on SIGTERM', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, 'serve', '--demo-when-empty'], {
      env: { ...process.env, DATABASE_URL: join(dir, 'start.db'), PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      const started = Date.now()
      let line: RegExpMatchArray | null = null
      while (!line && Date.now() - started < 60_000) {
        line = /curl -s -H 'x-api-key: (wsa_[0-9A-Za-z]{38})' '([^']+)'/.exec(output)
        await new Promise((r) => setTimeout(r, 100))
      }
      assert.ok(line, `no curl line printed:\n${output}`)
      assert.match(output, /API key \(shown once\)/)
      const [, key, url] = line as RegExpMatchArray
      let response: globalThis.Response | undefined
      for (let i = 0; i < 100 && !response; i++) {
        response = await fetch(url as string, { headers: { 'x-api-key': key as string } }).catch(
          () => undefined,
        )
        if (!response) await new Promise((r) => setTimeout(r, 100))
      }
      assert.equal(response?.status, 200)
      const body = (await response?.json()) as { data: unknown[] }
      assert.equal(body.data.length, 50)
      assert.ok(response?.headers.get('x-next-cursor'))
      child.kill('SIGTERM')
      assert.equal(await exited, 0)
    } finally {
      child.kill('SIGKILL')
    }
  })
})
