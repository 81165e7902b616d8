#!/usr/bin/env node
// Times the import's reading thread alone (importer/parse-worker.ts: cutting lines, JSON.parse,
// validating, rendering, encoding for the dialect) over a file, for one build or several side by
// side: the part of an import's read phase that binds when the writes keep up. Each round starts
// a fresh worker per build, in alternating order; prints each build's times and median.
// Usage: node scripts/time-parse.js FILE [--dialect sqlite|postgres] [--rounds 3] [BUILD_DIR...]
// (a BUILD_DIR is a checkout with its dist/ built; default: this one)
import { openSync, readSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

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

/** One pass of `build`'s reading thread over the file: milliseconds from the first byte to its end. */
async function pass(build) {
  const worker = new Worker(pathToFileURL(resolve(build, 'dist/importer/parse-worker.js')))
  const buffers = Array.from({ length: 4 }, () => new ArrayBuffer(256 * 1024))
  let bufferBack = null
  let ended
  const done = new Promise((r) => (ended = r))
  worker.on('message', (message) => {
    if (message.kind === 'consumed') {
      buffers.push(message.buffer)
      bufferBack?.()
    } else if (message.kind === 'ended') ended(message)
    else if (message.kind === 'problem') console.error(`${build}: line ${message.line}: ${message.message}`)
  })
  const started = performance.now()
  worker.postMessage({ kind: 'import', dialect, maxProblems: 100 })
  worker.postMessage({ kind: 'begin', offset: 0 })
  const fd = openSync(file, 'r')
  const chunk = Buffer.alloc(256 * 1024)
  for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
    while (buffers.length === 0) await new Promise((r) => (bufferBack = r))
    const buffer = buffers.pop()
    new Uint8Array(buffer).set(chunk.subarray(0, n))
    worker.postMessage({ kind: 'chunk', buffer, length: n }, [buffer])
  }
  worker.postMessage({ kind: 'end', broken: false })
  await done
  const ms = performance.now() - started
  await worker.terminate()
  return ms
}

const times = builds.map(() => [])
for (let round = 0; round < rounds; round++) {
  const order = builds.map((_, i) => i)
  if (round % 2 === 1) order.reverse()
  for (const i of order) times[i].push(await pass(builds[i]))
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
for (const [i, build] of builds.entries())
  console.log(
    `${build}: ${times[i].map((t) => t.toFixed(0)).join(', ')} ms; median ${median(times[i]).toFixed(0)} ms (${dialect})`,
  )
