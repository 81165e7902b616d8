#!/usr/bin/env node
// Runs test files in the order given, at most TEST_CONCURRENCY at once, for scripts/run-tests.js:
// node's own `--test` sorts the files by name, so a long file named late would start last and keep
// one worker busy alone at the end. The files inherit this process's flags (--enable-source-maps,
// or --import tsx). Writes the spec report to standard output, the skips and each file's seconds as
// JSON lines to the files named first; exits 1 when a test failed.
// Usage: node [flags] scripts/test-files.js SKIPS_FILE TIMES_FILE FILE...
import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { run } from 'node:test'
import { spec } from 'node:test/reporters'
import skipReporter from './skip-reporter.js'
import timeReporter from './time-reporter.js'

const [skipsFile, timesFile, ...files] = process.argv.slice(2)
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2)

const stream = run({ files: files.map((f) => resolve(f)), concurrency })
// The runner adds a listener per file: not a leak.
stream.setMaxListeners(0)
stream.compose(spec).pipe(process.stdout)
stream.compose(skipReporter).pipe(createWriteStream(skipsFile))
stream.compose(timeReporter).pipe(createWriteStream(timesFile))
stream.on('test:fail', (data) => {
  if (!data.todo) process.exitCode = 1
})
