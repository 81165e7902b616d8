// Splits an input stream into lines with bounded memory: gzip is detected by its magic bytes and
// decompressed on the fly, each line must be valid UTF-8, and a line longer than the bound is
// reported (and skipped) without ever being held whole.

import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'

export type Line = { number: number; text: string } | { number: number; error: string }

export const MAX_LINE_BYTES = 1024 * 1024

const decoder = new TextDecoder('utf-8', { fatal: true })

async function* decompressed(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = input[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done) return
  const head = first.value
  const rest = { [Symbol.asyncIterator]: () => iterator }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    const source = Readable.from(
      (async function* () {
        yield head
        yield* rest
      })(),
    )
    const gunzip = createGunzip()
    source.on('error', (error) => gunzip.destroy(error))
    source.pipe(gunzip)
    try {
      for await (const chunk of gunzip) yield chunk as Buffer
    } catch (error) {
      throw new InputError(`the gzip stream is damaged (${(error as Error).message})`)
    }
    return
  }
  yield head
  yield* rest
}

/** An input that cannot be read to the end (damaged gzip, unreadable file). */
export class InputError extends Error {}

/** Yields each non-blank line of `input` with its 1-based number. */
export async function* readLines(
  input: AsyncIterable<Buffer>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<Line> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  let overlong = false
  let number = 0
  const finish = (last: Buffer): Line | null => {
    number++
    if (overlong) {
      overlong = false
      pending = []
      pendingBytes = 0
      return { number, error: `line is longer than ${maxLineBytes} bytes` }
    }
    const bytes = pending.length === 0 ? last : Buffer.concat([...pending, last])
    pending = []
    pendingBytes = 0
    let end = bytes.length
    if (end > 0 && bytes[end - 1] === 0x0d) end--
    let text: string
    try {
      text = decoder.decode(bytes.subarray(0, end))
    } catch {
      return { number, error: 'line is not valid UTF-8' }
    }
    return text.trim() === '' ? null : { number, text }
  }
  for await (const chunk of decompressed(input)) {
    let start = 0
    for (;;) {
      const newline = chunk.indexOf(0x0a, start)
      if (newline === -1) break
      const line = finish(chunk.subarray(start, newline))
      if (line) yield line
      start = newline + 1
    }
    const tail = chunk.subarray(start)
    if (tail.length > 0 && !overlong) {
      pending.push(tail)
      pendingBytes += tail.length
      if (pendingBytes > maxLineBytes) {
        overlong = true
        pending = []
        pendingBytes = 0
      }
    }
  }
  if (pendingBytes > 0 || overlong) {
    const line = finish(Buffer.alloc(0))
    if (line) yield line
  }
}
