#!/usr/bin/env node
// Times the import's reading thread alone (importer/parse-worker.ts: cutting lines, JSON.parse,
// validating, rendering, encoding for the dialect) over a file, for one build or several side by
// side: the part of an import's read phase that binds when the writes keep up. Each build reads
// through its own importer/record-parser.ts, its rows dropped; the rounds alternate the builds'
// order. Prints each build's times and median.
// Usage: node scripts/time-parse.js FILE [--dialect sqlite|postgres] [--rounds 3] [BUILD_DIR...]
// (a BUILD_DIR is a checkout with its dist/ built; default: this one)
import { createReadStream } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  if (at === -1) return fallback
  const [, value] = args.splice(at, 2)
  return value
}
const dialect = option('--dialect', 'sqlite')
const rounds = Number(option('--rounds', '3'))
const [file, ...builds] = args
if (!file) {
  console.error(
    'usage: node scripts/time-parse.js FILE [--dialect sqlite|postgres] [--rounds 3] [BUILD_DIR...]',
  )
  process.exit(2)
}
if (builds.length === 0) builds.push('.')

const parsers = await Promise.all(
  builds.map(async (build) => {
    const { withRecordParser } = await import(
      pathToFileURL(resolve(build, 'dist/importer/record-parser.js')).href
    )
    return withRecordParser
  }),
)

/** One pass of `build`'s reading thread over the file: milliseconds from the first byte to its end. */
async function pass(i) {
  const sink = {
    rows: () => undefined,
    problem: (line, message) => {
      console.error(`${builds[i]}: line ${line}: ${message}`)
      return true
    },
    progress: () => {},
  }
  return parsers[i](async (parser) => {
    const started = performance.now()
    parser.begin(dialect, 100)
    await parser.read(createReadStream(file, { highWaterMark: 256 * 1024 }), 0, sink)
    return performance.now() - started
  })
}

const times = builds.map(() => [])
for (let round = 0; round < rounds; round++) {
  const order = builds.map((_, i) => i)
  if (round % 2 === 1) order.reverse()
  for (const i of order) times[i].push(await pass(i))
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
for (const [i, build] of builds.entries())
  console.log(
    `${build}: ${times[i].map((t) => t.toFixed(0)).join(', ')} ms; median ${median(times[i]).toFixed(0)} ms (${dialect})`,
  )
