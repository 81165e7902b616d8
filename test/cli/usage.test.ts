// Usage errors (CONTRACT 13): every command, with each of its required options and arguments left
// out, and with values of the wrong form, prints one line naming the problem and its help, nothing
// on stdout, and exits 2; a well-formed request the data refuses exits 1.

import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Command } from 'commander'
import { allCommands, buildProgram } from '../../src/cli/main.js'
import { type CliResult, runCli } from '../helpers/cli.js'

/** `awareness keys create`: the words that run a command. */
function words(command: Command): string[] {
  const names: string[] = []
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name())
  return names
}

/** A value of the right form for an option or argument, judged by its placeholder. */
function sample(placeholder: string): string {
  if (/<id>|<event-id>/.test(placeholder)) return randomUUID()
  if (/<url>/.test(placeholder)) return 'http://127.0.0.1:1'
  if (/<resource>/.test(placeholder)) return 'employees'
  return 'x'
}

function expectUsage(result: CliResult, command: string[], problem: RegExp, what: string): void {
  assert.equal(result.code, 2, `${what}: ${result.stderr}`)
  assert.equal(result.stdout, '', what)
  const lines = result.stderr.split('\n')
  assert.equal(lines.length, 2, `${what}: one line: ${result.stderr}`)
  assert.match(lines[0] as string, problem, what)
  assert.ok(
    (lines[0] as string).endsWith(`(see awareness ${command.join(' ')} --help)`),
    `${what}: ${lines[0]}`,
  )
}

const COMMANDS = new Map(allCommands(await buildProgram()).map((c) => [words(c).join(' '), c]))

/** Runs `awareness COMMAND ...args`, on the test's database where the command takes one. */
function run(command: string[], args: string[], database: string, env: Record<string, string> = {}) {
  const takesDatabase = COMMANDS.get(command.join(' '))?.options.some((o) => o.long === '--database')
  return runCli([...command, ...args, ...(takesDatabase ? ['--database', database] : [])], { env })
}

/** Runs `cases` a few at a time (each is a process of its own). */
async function inBatches<T>(cases: T[], run: (c: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < cases.length; i += 4) await Promise.all(cases.slice(i, i + 4).map(run))
}

describe('usage errors exit 2 with one line', () => {
  let dir: string
  let database: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-usage-'))
    database = join(dir, 'usage.db')
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('every command with each of its required options and arguments left out', async () => {
    const cases: { command: string[]; args: string[]; missing: string }[] = []
    for (const command of COMMANDS.values()) {
      if (command.commands.length > 0 || !command.parent) continue
      const required = command.options.filter((o) => o.mandatory)
      const argumentsRequired = command.registeredArguments.filter((a) => a.required)
      const option = (o: (typeof required)[number]) => [o.long as string, sample(o.flags)]
      const argument = (a: (typeof argumentsRequired)[number]) => sample(`<${a.name()}>`)
      for (const left of required) {
        cases.push({
          command: words(command),
          args: [...argumentsRequired.map(argument), ...required.filter((o) => o !== left).flatMap(option)],
          missing: left.long as string,
        })
      }
      for (const left of argumentsRequired) {
        cases.push({
          command: words(command),
          args: required.flatMap(option),
          missing: left.name(),
        })
      }
    }
    // The walk is not empty: the commands the contract names have required parts.
    for (const [command, missing] of [
      ['keys create', '--organization'],
      ['webhooks create', '--url'],
      ['import', 'files'],
      ['keys revoke', 'id-or-name'],
    ])
      assert.ok(
        cases.some((c) => c.command.join(' ') === command && c.missing === missing),
        `${command} without ${missing}`,
      )
    await inBatches(cases, async (c) => {
      const result = await run(c.command, c.args, database)
      expectUsage(result, c.command, new RegExp(c.missing), `${c.command.join(' ')} without ${c.missing}`)
    })
  })

  test('options one resource needs, and values of the wrong form', async () => {
    const url = ['--url', 'http://127.0.0.1:1']
    const organization = randomUUID()
    const cases: [string[], string[], RegExp][] = [
      [['export'], ['employees', ...url], /employees needs --workspace/],
      [['export'], ['compromised', '--workspace', randomUUID(), ...url], /compromised needs --breach/],
      [['export'], ['compromised', '--workspace', randomUUID(), ...url], /compromised needs --breach/],
      [
        ['export'],
        ['attacks', '--workspace', randomUUID(), '--campaign', 'x', ...url],
        /--campaign 'x': not a UUID/,
      ],
      [['export'], ['employees', '--workspace', randomUUID()], /--url or AWARENESS_API_URL/],
      [['export'], ['employees', '--workspace', 'nope', ...url], /--workspace 'nope': not a UUID/],
      [['export'], ['people', ...url], /resource 'people'/],
      [['export'], ['organization', '--format', 'xml', ...url], /--format 'xml'/],
      [['export'], ['organization', '--bom', ...url], /--bom goes with --format csv/],
      [['export'], ['organization', '--url', 'ftp://x'], /http:\/\/ or https:\/\//],
      [['keys', 'create'], ['--organization', 'nope'], /--organization 'nope': not a UUID/],
      [['keys', 'create'], ['--organization', organization, '--scopes', 'root'], /unknown scope root/],
      [['keys', 'create'], ['--organization', organization, '--expires-in', 'soon'], /--expires-in 'soon'/],
      [['keys', 'create'], ['--organization', organization, '--rate-limit', 'lots'], /--rate-limit 'lots'/],
      [['keys', 'list'], ['--organization', 'nope'], /not a UUID/],
      [['webhooks', 'create'], ['--organization', 'nope', ...url], /--organization 'nope': not a UUID/],
      [
        ['webhooks', 'create'],
        ['--organization', organization, ...url, '--events', 'x.y'],
        /unknown event type/,
      ],
      [['webhooks', 'delete'], ['nope'], /id 'nope': not a UUID/],
      [['demo-data'], ['--employees', '0'], /--employees '0': must be an integer/],
      [['demo-data'], ['--anchor', 'yesterday'], /--anchor 'yesterday'/],
      [['import'], ['-', '-'], /standard input \(-\) can be read only once/],
    ]
    await inBatches(cases, async ([command, args, problem]) => {
      const result = await run(command, args, database, { AWARENESS_API_KEY: 'wsa_x', AWARENESS_API_URL: '' })
      expectUsage(result, command, problem, [...command, ...args].join(' '))
    })
  })

  test('a well-formed request the data refuses exits 1', async () => {
    const unknown = await runCli(['keys', 'create', '--organization', randomUUID(), '--database', database])
    assert.equal(unknown.code, 1, unknown.stderr)
    assert.match(unknown.stderr, /^awareness: organization \S+ does not exist\n$/)
    assert.equal(unknown.stderr.split('\n').length, 2)
    const revoke = await runCli(['keys', 'revoke', 'nobody', '--database', database])
    assert.equal(revoke.code, 1, revoke.stderr)
    assert.equal(revoke.stderr, 'awareness: no key with the id or name nobody\n')
  })
})
