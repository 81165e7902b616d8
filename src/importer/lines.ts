// Splits an input stream into lines with bounded memory: gzip is detected by its magic bytes and
// decompressed on the fly, each line must be valid UTF-8, and a line longer than the bound is
// reported (and skipped) without ever being held whole.

import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'

export type Line = { number: number; text: string } | { number: number; error: string }

export const MAX_LINE_BYTES = 1024 * 1024
/** More blank lines than this in one import: not an import file (a newline bomb, say). */
export const MAX_BLANK_LINES = 10_000

// Shared by every import: each call decodes whole lines (no `stream` option), so it keeps no state.
const decoder = new TextDecoder('utf-8', { fatal: true })

export async function* decompressed(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
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

/**
 * Cuts a byte stream into lines as chunks arrive (push), holding at most one partial line, and
 * never more than `maxLineBytes` of it. Numbers count every line, blank ones included.
 */
export class LineSplitter {
  private pending: Buffer[] = []
  private pendingBytes = 0
  private overlong = false
  private number = 0
  /** Blank lines seen so far (they are numbered, and skipped). */
  blank = 0

  /** The number of the last line cut. */
  get lines(): number {
    return this.number
  }

  constructor(private readonly maxLineBytes = MAX_LINE_BYTES) {}

  /** The non-blank lines `chunk` completes. */
  push(chunk: Uint8Array): Line[] {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    const lines: Line[] = []
    let start = 0
    for (;;) {
      const newline = bytes.indexOf(0x0a, start)
      if (newline === -1) break
      const line = this.finish(bytes.subarray(start, newline))
      if (line) lines.push(line)
      start = newline + 1
    }
    const tail = bytes.subarray(start)
    if (tail.length > 0 && !this.overlong) {
      // Copied: the chunk's memory goes back to be filled again (record-parser.ts).
      this.pending.push(Buffer.from(tail))
      this.pendingBytes += tail.length
      // One byte more may be the CR of a CRLF line end, which is not the line's.
      if (this.pendingBytes > this.maxLineBytes + 1) {
        this.overlong = true
        this.pending = []
        this.pendingBytes = 0
      }
    }
    return lines
  }

  /** The last line, when the input does not end with a newline. */
  end(): Line[] {
    if (this.pendingBytes === 0 && !this.overlong) return []
    const line = this.finish(Buffer.alloc(0))
    return line ? [line] : []
  }

  private tooLong(): string {
    return `line is longer than ${this.maxLineBytes} bytes`
  }

  private finish(last: Buffer): Line | null {
    const number = ++this.number
    if (this.overlong) {
      this.overlong = false
      this.pending = []
      this.pendingBytes = 0
      return { number, error: this.tooLong() }
    }
    const bytes = this.pending.length === 0 ? last : Buffer.concat([...this.pending, last])
    this.pending = []
    this.pendingBytes = 0
    let end = bytes.length
    if (end > 0 && bytes[end - 1] === 0x0d) end--
    // The whole line is measured here: the chunk that ends it may hold most of it.
    if (end > this.maxLineBytes) return { number, error: this.tooLong() }
    let text: string
    try {
      text = decoder.decode(bytes.subarray(0, end))
    } catch {
      return { number, error: 'line is not valid UTF-8' }
    }
    if (text.trim() !== '') return { number, text }
    this.blank++
    return null
  }
}
