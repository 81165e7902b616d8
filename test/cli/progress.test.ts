// Long work shows its progress on a terminal (CONTRACT 12, 13): the commands run under a pseudo
// terminal (util-linux `script`), whose output is what a person would have seen. Off a terminal
// they stay silent (the other CLI tests read their exact stderr).

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { type TestApp, testApp } from '../helpers/app.js'
import { CLI } from '../helpers/cli.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { ndjson } from '../helpers/records.js'

const SCRIPT = '/usr/bin/script'
const skip = existsSync(SCRIPT) ? false : 'util-linux script is not installed (apt-get install bsdutils)'

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`

/** Runs `awareness ...args` in a pseudo terminal; returns what the terminal showed, escapes removed. */
async function onTerminal(args: string[], env: Record<string, string> = {}): Promise<string> {
  const command = [process.execPath, ...CLI, ...args].map(quote).join(' ')
  const { stdout } = await promisify(execFile)(SCRIPT, ['-qec', command, '/dev/null'], {
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  // Each rewrite of the progress line starts with a carriage return and "erase line".
  return stdout.replaceAll('\u001b[2K', '').replace(/\r\n/g, '\n')
}

/** The texts the progress line showed, one per rewrite, and the plain lines after. */
const shown = (screen: string) => screen.split(/[\r\n]/).filter((line) => line.trim() !== '')

describe('progress on a terminal', { skip }, () => {
  let dir: string
  let t: TestApp
  let d: ApiDataset
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-progress-'))
    d = apiDataset(120)
    t = await testApp('sqlite', d.all)
  })
  after(async () => {
    await t?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('import shows the share of the file read, then each writing phase, then its summary', async () => {
    const file = join(dir, 'data.ndjson')
    writeFileSync(file, ndjson(d.all))
    const lines = shown(await onTerminal(['import', file, '--database', join(dir, 'import.db')]))
    const reading = lines.filter((l) => l.startsWith(`reading ${file}: `))
    assert.ok(reading.length >= 1, lines.join('\n'))
    assert.match(reading.at(-1) as string, /: \d+ % of \d+(\.\d)? KB, [\d,]+ lines \([\d,]+ lines\/s\)$/)
    const phases = lines.filter((l) => /^(checking|writing)/.test(l))
    assert.deepEqual(phases, [
      `checking ${d.all.length.toLocaleString('en-US')} lines…`,
      'writing: compare…',
      'writing: renderings before…',
      'writing: merge…',
      'writing: derive…',
      'writing: progress items…',
      'writing: events…',
      'writing: commit…',
    ])
    assert.match(lines.at(-1) as string, /^imported [\d,]+ records \(/)
  })

  test('demo-data --out shows how many employees of the total are generated', async () => {
    const out = join(dir, 'demo.ndjson')
    const lines = shown(await onTerminal(['demo-data', '--employees', '5000', '--out', out]))
    const generating = lines.filter((l) => l.startsWith('generating: '))
    assert.ok(generating.length >= 1, lines.join('\n'))
    for (const line of generating) assert.match(line, /^generating: \d+ % \([\d,]+ of 5,000 employees\)$/)
    assert.match(lines.at(-1) as string, /^wrote the demo data of 5,000 employees to .+ in \d+\.\d s$/)
  })

  test('export shows the items and pages read, then counts what it wrote', async () => {
    const base = await t.listen()
    const key = await t.key({ organizationId: d.orgA.id as string })
    const out = join(dir, 'employees.csv')
    const lines = shown(
      await onTerminal(
        ['export', 'employees', '--url', base, '--workspace', d.a1, '--format', 'csv', '--out', out],
        { AWARENESS_API_KEY: key },
      ),
    )
    const paging = lines.filter((l) => l.startsWith('employees: '))
    assert.ok(paging.length >= 1, lines.join('\n'))
    assert.match(paging[0] as string, /^employees: [\d,]+ employees?, [\d,]+ pages? \([\d,]+\/s\)$/)
    assert.match(
      lines.at(-1) as string,
      new RegExp(
        `^exported ${d.employeesA1.length} employees \\(${d.employeesA1.length} CSV rows\\) to .+ in \\d+\\.\\d s$`,
      ),
    )
  })
})
