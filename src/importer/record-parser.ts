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

const BUFFERS = 4
const BUFFER_BYTES = 256 * 1024
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
    let stopped = false
    let inputError: InputError | undefined
    let bytes = 0
    this.reading = true
    this.send({ kind: 'begin', offset })
    // Reading stops at once when the import is refused: a stream that stays open (a pipe nobody
    // closes) is not waited on for more bytes. Each wait has its own way out, dropped once the chunk
    // is in: racing every read against one long-lived promise would keep every chunk ever read
    // (each race leaves a reaction on that promise holding its result).
    let stopRequested = false
    let stopWaiting: (() => void) | null = null
    const stopReading = () => {
      stopRequested = true
      stopWaiting?.()
    }
    const nextChunk = (chunks: AsyncGenerator<Buffer>) =>
      new Promise<IteratorResult<Buffer>>((resolve, reject) => {
        if (stopRequested) return resolve({ done: true, value: undefined })
        stopWaiting = () => resolve({ done: true, value: undefined })
        chunks.next().then(resolve, reject)
      }).finally(() => {
        stopWaiting = null
      })
    const pump = (async () => {
      const chunks = decompressed(source)
      try {
        for (;;) {
          const next = await nextChunk(chunks)
          if (next.done) break
          const chunk = next.value
          bytes += chunk.length
          if (bytes > maxBytes) throw new InputError(TOO_LARGE)
          for (let at = 0; at < chunk.length; at += BUFFER_BYTES) {
            while (this.buffers.length === 0 && !stopped) await this.returned.wait()
            if (stopped || this.failure) return
            const buffer = this.buffers.pop() as ArrayBuffer
            const piece = chunk.subarray(at, at + BUFFER_BYTES)
            new Uint8Array(buffer).set(piece)
            this.send({ kind: 'chunk', buffer, length: piece.length }, [buffer])
          }
        }
      } catch (error) {
        if (!(error instanceof InputError)) throw error
        inputError = error
      } finally {
        if (stopped) chunks.return(undefined).catch(() => {})
        this.send({ kind: 'end', broken: inputError !== undefined })
      }
    })()
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
          if (!sink.problem(message.line, message.message, message.final === true)) {
            stopped = true
            stopReading()
            this.returned.notify()
          }
        } else {
          await pump
          this.reading = false
          return { lines: message.lines, records: message.records, inputError, bytes }
        }
      }
    } finally {
      stopped = true
      stopReading()
      this.returned.notify()
    }
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
