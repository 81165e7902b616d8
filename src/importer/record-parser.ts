// The main thread's side of parse-worker.ts: feeds a source's bytes to a worker and hands back, in
// order, what it makes of them. The bytes travel in a few fixed buffers that go back and forth
// (moved, never copied or left for the collector), and the next is filled only once the rows made
// from an earlier one have been taken: memory stays flat whatever the file size.

import { Worker } from 'node:worker_threads'
import type { EncodedRows } from '../db/bulk-rows.js'
import type { DialectName } from '../db/dialect.js'
import { decompressed, InputError } from './lines.js'
import type { FromWorker, ToWorker } from './parse-worker.js'
import type { RecordType } from './staging.js'
import { untilStopped } from './until-stopped.js'

const BUFFERS = 4
const BUFFER_BYTES = 256 * 1024
/** What reading one source has come to. */
interface Reading {
  inputError: InputError | undefined
  bytes: number
}

/** The input error of an input larger than the import's byte limit. */
export const TOO_LARGE = 'the input is larger than IMPORT_MAX_BYTES once decompressed'

export interface ParseSink {
  /** Takes a batch of staging rows; a returned promise holds the reading back until it settles. */
  rows(type: RecordType, rows: EncodedRows): Promise<void> | undefined
  /** Takes a problem (`final`: nothing more can be read); returns false to stop reading. */
  problem(line: number, message: string, final: boolean): boolean
  progress(lines: number): void
}

export interface SourceRead {
  /** Number of the source's last non-blank line read. */
  lines: number
  records: Partial<Record<RecordType, number>>
  /** Set when the bytes could not be read to the end (a damaged gzip stream, too many bytes). */
  inputError?: InputError
  /** Bytes read, once decompressed. */
  bytes: number
}

/** Lets one side wait until the other has changed something. */
class Signal {
  private waiters: (() => void)[] = []

  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  notify(): void {
    for (const resolve of this.waiters.splice(0)) resolve()
  }
}

/** One worker, used by one import at a time (see withRecordParser). */
export class RecordParser {
  private inbox: FromWorker[] = []
  /** A message arrived, or the worker failed. */
  private readonly arrived = new Signal()
  /** A buffer came back, or reading stopped. */
  private readonly returned = new Signal()
  private failure: Error | null = null
  /** Set while a source is being read: a parser left so (its reader failed) is not reused. */
  private reading = false
  private readonly buffers: ArrayBuffer[] = Array.from(
    { length: BUFFERS },
    () => new ArrayBuffer(BUFFER_BYTES),
  )

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorker) => {
      this.inbox.push(message)
      this.arrived.notify()
    })
    const fail = (error: Error) => {
      this.failure = error
      this.arrived.notify()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the import's reading thread stopped (exit code ${code})`)))
  }

  /** Whether the worker can take another import: alive, and no source left half read. */
  get reusable(): boolean {
    return this.failure === null && !this.reading
  }

  begin(dialect: DialectName, maxProblems: number): void {
    this.send({ kind: 'import', dialect, maxProblems })
  }

  /**
   * Reads one source, its staging rows' line numbers shifted by `offset`, and at most `maxBytes`
   * bytes of it once decompressed (an input error past that).
   */
  async read(
    source: AsyncIterable<Buffer>,
    offset: number,
    sink: ParseSink,
    maxBytes: number = Number.POSITIVE_INFINITY,
  ): Promise<SourceRead> {
    const reading: Reading = { inputError: undefined, bytes: 0 }
    // Reading stops at once when the import is refused: a stream that stays open (a pipe nobody
    // closes) is not waited on for more bytes, and no more bytes are sent.
    const stop = new AbortController()
    const halt = () => {
      stop.abort()
      this.returned.notify()
    }
    this.reading = true
    this.send({ kind: 'begin', offset })
    const pump = this.pump(source, maxBytes, reading, stop.signal)
    // Until the pump is awaited below, its failure must not count as unhandled.
    pump.catch(() => {})
    try {
      for (;;) {
        const message = await this.next()
        if (message.kind === 'consumed') {
          this.buffers.push(message.buffer)
          this.returned.notify()
          sink.progress(message.lines)
        } else if (message.kind === 'rows') {
          await sink.rows(message.type, message.rows)
        } else if (message.kind === 'problem') {
          if (!sink.problem(message.line, message.message, message.final === true)) halt()
        } else {
          await pump
          this.reading = false
          return {
            lines: message.lines,
            records: message.records,
            inputError: reading.inputError,
            bytes: reading.bytes,
          }
        }
      }
    } finally {
      halt()
    }
  }

  /** Sends the source's bytes to the worker until they end, reading stops or the limit is passed. */
  private async pump(
    source: AsyncIterable<Buffer>,
    maxBytes: number,
    reading: Reading,
    signal: AbortSignal,
  ): Promise<void> {
    try {
      for await (const chunk of untilStopped(decompressed(source), signal)) {
        reading.bytes += chunk.length
        if (reading.bytes > maxBytes) throw new InputError(TOO_LARGE)
        if (!(await this.forward(chunk, signal))) return
      }
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      reading.inputError = error
    } finally {
      this.send({ kind: 'end', broken: reading.inputError !== undefined })
    }
  }

  /** Hands a chunk to the worker in the buffers it has given back; false once reading stopped. */
  private async forward(chunk: Buffer, stopped: AbortSignal): Promise<boolean> {
    for (let at = 0; at < chunk.length; at += BUFFER_BYTES) {
      while (this.buffers.length === 0 && !stopped.aborted) await this.returned.wait()
      if (stopped.aborted || this.failure) return false
      const buffer = this.buffers.pop() as ArrayBuffer
      const piece = chunk.subarray(at, at + BUFFER_BYTES)
      new Uint8Array(buffer).set(piece)
      this.send({ kind: 'chunk', buffer, length: piece.length }, [buffer])
    }
    return true
  }

  private send(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (!this.failure) this.worker.postMessage(message, transfer)
  }

  private async next(): Promise<FromWorker> {
    for (;;) {
      const message = this.inbox.shift()
      if (message) return message
      if (this.failure) throw this.failure
      await this.arrived.wait()
    }
  }

  ref(): void {
    this.worker.ref()
  }

  unref(): void {
    this.worker.unref()
  }

  async terminate(): Promise<void> {
    await this.worker.terminate()
  }
}

// Idle workers are kept (unreferenced, so they never hold the process open): starting one costs
// about as much as reading a small file. There are at most as many as imports ever ran at once in
// this process, and a worker keeps nothing of an import once the next one begins.
const idle: RecordParser[] = []

function startWorker(): Worker {
  const here = import.meta.url
  // None of the parent's flags: some are refused in a worker (`node --input-type=module -e …` would
  // make every import fail), and none is needed there.
  const execArgv: string[] = []
  if (here.endsWith('.ts')) {
    // Tests run these sources through tsx, whose loader a worker does not inherit.
    const entry = new URL('./parse-worker.ts', here).href
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`,
      { eval: true, execArgv },
    )
  }
  return new Worker(new URL('./parse-worker.js', here), { execArgv })
}

/** Runs `work` with a parser of its own (a worker thread), returned to the pool afterwards. */
export async function withRecordParser<T>(work: (parser: RecordParser) => Promise<T>): Promise<T> {
  const parser = idle.pop() ?? new RecordParser(startWorker())
  parser.ref()
  try {
    return await work(parser)
  } finally {
    parser.unref()
    if (parser.reusable) idle.push(parser)
    else await parser.terminate()
  }
}
