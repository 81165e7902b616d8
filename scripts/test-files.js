#!/usr/bin/env node
// Runs test files in the order given, at most TEST_CONCURRENCY at once, for scripts/run-tests.js:
// node's own `--test` sorts the files by name, so a long file named late would start last and keep
// one worker busy alone at the end. The files inherit this process's flags (--enable-source-maps,
// or --import tsx). Writes the spec report to standard output, the skips and each file's seconds as
// JSON lines to the files named first; exits 1 when a test failed. The files after `--alone` run
// after the others, one at a time: they time the server, which files running beside them would slow.
// Usage: node [flags] scripts/test-files.js SKIPS_FILE TIMES_FILE FILE... [--alone FILE...]
import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { PassThrough } from 'node:stream'
import { run } from 'node:test'
import { spec } from 'node:test/reporters'
import skipReporter from './skip-reporter.js'
import timeReporter from './time-reporter.js'

const [skipsFile, timesFile, ...rest] = process.argv.slice(2)
const split = rest.includes('--alone') ? rest.indexOf('--alone') : rest.length
const phases = [
  { files: rest.slice(0, split), concurrency: Number(process.env.TEST_CONCURRENCY ?? 4) },
  { files: rest.slice(split + 1), concurrency: 1 },
].filter((phase) => phase.files.length > 0)

// One stream of events for the reporters, the phases one after the other. Each phase ends with its
// own counts (tests, pass, fail, ...): they are added up and told once, at the very end.
const stream = new PassThrough({ objectMode: true })
// The runner adds a listener per file: not a leak.
stream.setMaxListeners(0)
const COUNT = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) ([\d.]+)$/
const counts = new Map()
const runPhase = (index) => {
  const phase = phases[index]
  if (phase === undefined) {
    for (const [name, value] of counts) {
      const shown = name === 'duration_ms' ? value.toFixed(3) : String(value)
      stream.write({ type: 'test:diagnostic', data: { nesting: 0, message: `${name} ${shown}` } })
    }
    return stream.end()
  }
  const events = run({ files: phase.files.map((f) => resolve(f)), concurrency: phase.concurrency })
  events.setMaxListeners(0)
  events.on('test:fail', (data) => {
    if (!data.todo) process.exitCode = 1
  })
  events.on('data', (event) => {
    const count =
      event.type === 'test:diagnostic' && event.data.file === undefined && COUNT.exec(event.data.message)
    if (count) counts.set(count[1], (counts.get(count[1]) ?? 0) + Number(count[2]))
    else stream.write(event)
  })
  events.on('end', () => runPhase(index + 1))
}
runPhase(0)
stream.compose(spec).pipe(process.stdout)
stream.compose(skipReporter).pipe(createWriteStream(skipsFile))
stream.compose(timeReporter).pipe(createWriteStream(timesFile))
