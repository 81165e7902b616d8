// The import's reading runs here, on a thread of its own: cutting lines, JSON.parse, validating and
// rendering every record is most of an import's JavaScript, and on this thread it overlaps with the
// writes (and the database's own work) on the main one. The main thread sends the bytes of each
// source; this thread answers with staging rows, encoded for the database, and the problems found.

import { parentPort } from 'node:worker_threads'
import { type EncodedRows, RowBatch } from '../db/bulk-rows.js'
import type { DialectName } from '../db/dialect.js'
import { type Line, LineSplitter, MAX_BLANK_LINES } from './lines.js'
import { parseRecord } from './records.js'
import { duplicateMessage, type RecordType, SPECS, TYPES } from './staging.js'

export type ToWorker =
  /** A new import: problems are counted from zero, and stop at `maxProblems`. */
  | { kind: 'import'; dialect: DialectName; maxProblems: number }
  /** A new source; its staging rows carry line numbers shifted by `offset`. */
  | { kind: 'begin'; offset: number }
  /** The next `length` bytes, in a buffer that goes back with `consumed`. */
  | { kind: 'chunk'; buffer: ArrayBuffer; length: number }
  /** The source is over; `broken` when its bytes stopped short, so the last partial line is dropped. */
  | { kind: 'end'; broken: boolean }

export type FromWorker =
  | { kind: 'rows'; type: RecordType; rows: EncodedRows }
  /** `final`: the input cannot be read on (reading stops here). */
  | { kind: 'problem'; line: number; message: string; final?: true }
  /** A chunk is done, its buffer handed back; `lines` is the number of the last line read so far. */
  | { kind: 'consumed'; lines: number; buffer: ArrayBuffer }
  /** The source is done: the number of its last non-blank line, and its records per type. */
  | { kind: 'ended'; lines: number; records: Partial<Record<RecordType, number>> }

const BATCH_ROWS = 1000
/**
 * Keys remembered per type to report a duplicate while reading: a file repeating one record stops at
 * the error limit at once instead of being read to its end. Duplicates further apart are found by
 * the checks after reading (checks.ts), with the same message.
 */
const RECENT_KEYS = 1000
const KEY_COLUMNS = Object.fromEntries(
  TYPES.map((type) => [type, SPECS[type].key.map((k) => SPECS[type].columns.indexOf(k))]),
) as Record<RecordType, number[]>

// This thread's state for the one import it serves at a time (record-parser.ts hands a worker to
// one import only); an 'import' message resets it, and 'begin' each of its sources.
let dialect: DialectName = 'sqlite'
let problemsLeft = 0
let refused = false
let offset = 0
let last = 0
let splitter = new LineSplitter()
let records: Partial<Record<RecordType, number>> = {}
const batches = new Map<RecordType, RowBatch>()
let blankLines = 0
let recentKeys = new Map<RecordType, RecentKeys>()

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer)

function flush(type: RecordType): void {
  const batch = batches.get(type)
  if (!batch || batch.count === 0) return
  post({ kind: 'rows', type, rows: batch.take() })
}

function problem(line: number, message: string): void {
  if (problemsLeft <= 0) return
  problemsLeft--
  refused = true
  post({ kind: 'problem', line, message })
}

/** A problem after which nothing more is read. */
function finalProblem(line: number, message: string): void {
  if (problemsLeft <= 0) return
  problemsLeft = 0
  refused = true
  post({ kind: 'problem', line, message, final: true })
}

/** The recent keys of one type: key → line, and the keys in the order they came (a ring). */
interface RecentKeys {
  lines: Map<string, number>
  order: string[]
  next: number
}

/** The line of an earlier record of this type with the same key, among the recent ones. */
function seenBefore(
  type: RecordType,
  row: readonly unknown[],
  line: number,
): { key: string; first: number } | null {
  let recent = recentKeys.get(type)
  if (!recent) {
    recent = { lines: new Map(), order: [], next: 0 }
    recentKeys.set(type, recent)
  }
  const columns = KEY_COLUMNS[type]
  let key = String(row[columns[0] as number])
  for (let c = 1; c < columns.length; c++) key += ` ${String(row[columns[c] as number])}`
  const first = recent.lines.get(key)
  if (first !== undefined) return { key, first }
  // The oldest key goes by its place in the ring: asking the map for its first key would walk the
  // slots its deletions left, once per record.
  const oldest = recent.order[recent.next]
  if (oldest !== undefined) recent.lines.delete(oldest)
  recent.order[recent.next] = key
  recent.next = (recent.next + 1) % RECENT_KEYS
  recent.lines.set(key, line)
  return null
}

function read(line: Line): void {
  // Past the error limit the import is refused and nothing more is reported: stop working.
  if (problemsLeft <= 0) return
  last = line.number
  if ('error' in line) {
    problem(line.number, line.error)
    return
  }
  let value: unknown
  try {
    value = JSON.parse(line.text)
  } catch (error) {
    problem(line.number, `not valid JSON (${(error as Error).message})`)
    return
  }
  const parsed = parseRecord(value, line.text.includes('\\u'))
  if (!('type' in parsed)) {
    for (const message of parsed.errors) problem(line.number, message)
    return
  }
  records[parsed.type] = (records[parsed.type] ?? 0) + 1
  const duplicate = seenBefore(parsed.type, parsed.row, line.number)
  if (duplicate) {
    problem(line.number, duplicateMessage(parsed.type, duplicate.key, duplicate.first))
    return
  }
  // Once the file is known to be refused, staging more rows is wasted work.
  if (refused) return
  let batch = batches.get(parsed.type)
  if (!batch) {
    batch = new RowBatch(dialect)
    batches.set(parsed.type, batch)
  }
  batch.add(parsed.row, offset + line.number)
  if (batch.count >= BATCH_ROWS) flush(parsed.type)
}

parentPort?.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'import':
      dialect = message.dialect
      batches.clear()
      problemsLeft = message.maxProblems
      refused = false
      blankLines = 0
      return
    case 'begin':
      offset = message.offset
      last = 0
      splitter = new LineSplitter()
      records = {}
      recentKeys = new Map()
      return
    case 'chunk':
      if (problemsLeft > 0) {
        for (const line of splitter.push(new Uint8Array(message.buffer, 0, message.length))) read(line)
        if (blankLines + splitter.blank > MAX_BLANK_LINES) {
          finalProblem(
            splitter.lines,
            `more than ${MAX_BLANK_LINES.toLocaleString('en-US')} blank lines: not an import file`,
          )
        }
      }
      post({ kind: 'consumed', lines: last, buffer: message.buffer }, [message.buffer])
      return
    case 'end':
      if (!message.broken) for (const line of splitter.end()) read(line)
      blankLines += splitter.blank
      for (const type of batches.keys()) flush(type)
      post({ kind: 'ended', lines: last, records })
      return
  }
})
