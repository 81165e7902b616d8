// What a newcomer reads in the first hour says what they need (README), and the help texts read
// well: commander wraps every description itself (a line break written into one breaks mid-
// sentence), and a duration's default is shown as a duration, as it is typed.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import type { Command } from 'commander'
import { buildProgram } from '../../src/cli/main.js'
import { ROOT_URL } from '../helpers/root.js'

const README = readFileSync(new URL('README.md', ROOT_URL), 'utf8')

function commands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(commands)]
}

test('the README says how to change the port, and that a local webhook receiver needs the setting on both sides', () => {
  assert.match(README, /PORT=\d+ npm start/)
  assert.match(README, /awareness serve --port \d+/)
  const webhooks = README.slice(README.indexOf('## Changes: the events feed and webhooks'))
  assert.match(
    webhooks,
    /WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 npx awareness webhooks create .*--url http:\/\/127\.0\.0\.1/,
  )
  assert.match(webhooks, /WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 npm start/)
  assert.ok(README.trimEnd().split('\n').length <= 250, 'the README stays a first hour')
})

test('no help text carries a line break of its own, and duration defaults read as durations', async () => {
  const program = await buildProgram()
  for (const command of commands(program)) {
    const name = command.name()
    assert.ok(!command.description().includes('\n'), `${name}: its description`)
    for (const option of command.options) {
      assert.ok(!option.description.includes('\n'), `${name} ${option.flags}`)
      if (/<duration>/.test(option.flags) && option.defaultValue !== undefined)
        assert.match(
          String(option.defaultValueDescription),
          /^\d+[smhd]$/,
          `${name} ${option.flags}: its default`,
        )
    }
  }
  const rotate = commands(program).find((c) => c.name() === 'rotate')
  assert.match(rotate?.helpInformation() ?? '', /\(default: 24h\)/)
})
