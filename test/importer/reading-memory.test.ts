// The reading side of an import holds what it is working on, never what it has passed on: a file
// many times larger than the reader's buffers is read with its memory flat. (Each read once raced
// one long-lived promise, whose reactions kept every chunk of the file.)

import assert from 'node:assert/strict'
import { test } from 'node:test'
import { withRecordParser } from '../../src/importer/record-parser.js'

const LINES = 300_000
const PER_CHUNK = 1000

/** Organization records with ids from a counter: valid, unique, about 150 bytes a line. */
async function* organizations(): AsyncGenerator<Buffer> {
  for (let at = 0; at < LINES; at += PER_CHUNK) {
    let text = ''
    for (let i = at; i < at + PER_CHUNK; i++) {
      const id = `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
      text += `{"type":"organization","id":"${id}","created_at":"2025-01-01T00:00:00.000000Z","updated_at":"2025-01-01T00:00:00.000000Z"}\n`
    }
    yield Buffer.from(text)
  }
}

test('a file 40 MB long is read with the reader holding a few MB of buffers', async () => {
  let bytes = 0
  let peak = 0
  const counted = async function* () {
    for await (const chunk of organizations()) {
      bytes += chunk.length
      yield chunk
    }
  }
  const read = await withRecordParser(async (parser) => {
    parser.begin('sqlite', 10)
    return parser.read(counted(), 0, {
      rows: () => {
        peak = Math.max(peak, process.memoryUsage().arrayBuffers)
        return undefined
      },
      problem: (line, message) => assert.fail(`line ${line}: ${message}`),
      progress: () => {},
    })
  })
  assert.equal(read.lines, LINES)
  assert.ok(bytes > 40e6, `${bytes} bytes read`)
  // The chunks read and passed on are garbage at once: what stays is the reader's own buffers and
  // the batches in flight, whatever the length of the file.
  assert.ok(
    peak < bytes / 4,
    `peak ${Math.round(peak / 2 ** 20)} MiB of array buffers for ${Math.round(bytes / 2 ** 20)} MiB read`,
  )
})
