// The rows of a serving connection's statement as the bytes PostgreSQL sent, not as strings.
// pg decodes every field of every row into a string, which a list page would only encode again
// into its document: garbage made twice over that, with many pages in flight, keeps the
// collector's helper threads busy (docs/design.md).
//
// A tap sits between a connection's socket and pg's protocol parser. It splits what arrives into
// the protocol's messages (a type byte, then a 32-bit length that counts itself); while a sink is
// set, DataRow messages go to the sink, and every other message goes on to pg whole and in order.

const HEADER = 5
const DATA_ROW = 0x44 // 'D'
const NULL_FIELD = -1

/** One DataRow message's fields, read where they lie; valid only while the sink that got it runs. */
export class DataRow {
  private bytes: Buffer = Buffer.alloc(0)
  private starts = new Int32Array(8)
  private lengths = new Int32Array(8)
  count = 0

  /** Points at the message body from `start` (its field count) to `end`; throws if it is malformed. */
  load(bytes: Buffer, start: number, end: number): this {
    if (end - start < 2) throw new Error('malformed DataRow message')
    const count = bytes.readInt16BE(start)
    if (count > this.starts.length) {
      this.starts = new Int32Array(count)
      this.lengths = new Int32Array(count)
    }
    let at = start + 2
    for (let i = 0; i < count; i++) {
      if (at + 4 > end) throw new Error('malformed DataRow message')
      const length = bytes.readInt32BE(at)
      at += 4
      this.starts[i] = at
      this.lengths[i] = length
      if (length === NULL_FIELD) continue
      if (length < 0 || at + length > end) throw new Error('malformed DataRow message')
      at += length
    }
    this.bytes = bytes
    this.count = count
    return this
  }

  isNull(field: number): boolean {
    return this.lengths[this.field(field)] === NULL_FIELD
  }

  /** The field's text (UTF-8, the client encoding pg asks for), or null. */
  text(field: number): string | null {
    const i = this.field(field)
    const length = this.lengths[i] as number
    if (length === NULL_FIELD) return null
    const start = this.starts[i] as number
    return this.bytes.toString('utf8', start, start + length)
  }

  /** The field's byte length; 0 for null. */
  byteLength(field: number): number {
    return Math.max(this.lengths[this.field(field)] as number, 0)
  }

  /** Copies the field's bytes into `target` at `at`; returns how many (0 for null). */
  copy(field: number, target: Buffer, at: number): number {
    const i = this.field(field)
    const length = this.lengths[i] as number
    if (length <= 0) return 0
    const start = this.starts[i] as number
    return this.bytes.copy(target, at, start, start + length)
  }

  private field(field: number): number {
    if (!(field >= 0 && field < this.count))
      throw new RangeError(`no field ${field} in a row of ${this.count}`)
    return field
  }
}

/** Gets each DataRow's body: `bytes` from `start` to `end`, readable only during the call. */
export type RowSink = (bytes: Buffer, start: number, end: number) => void

/** Splits one connection's incoming bytes into messages and takes DataRows out while a sink is set. */
export class RowTap {
  /** Set while one statement's rows are wanted; pg gets no DataRow meanwhile. */
  sink: RowSink | undefined
  // A message that arrived in part: its bytes so far, and how many of them.
  private held: Buffer | undefined
  private heldSize = 0

  constructor(private readonly forward: (bytes: Buffer) => void) {}

  push(chunk: Buffer): void {
    let at = 0
    if (this.held !== undefined) {
      at = this.completeHeld(chunk)
      if (this.held !== undefined) return
    }
    let run = at
    while (at + HEADER <= chunk.length) {
      const total = 1 + chunk.readUInt32BE(at + 1)
      if (at + total > chunk.length) break
      if (chunk[at] === DATA_ROW && this.sink !== undefined) {
        if (at > run) {
          this.forward(chunk.subarray(run, at))
          run = at
        }
        // What went on to pg may have ended the statement: then this row goes to pg too.
        const sink = this.sink
        if (sink !== undefined) {
          sink(chunk, at + HEADER, at + total)
          run = at + total
        }
      }
      at += total
    }
    if (at > run) this.forward(chunk.subarray(run, at))
    if (at < chunk.length) this.hold(chunk.subarray(at))
  }

  private hold(part: Buffer): void {
    // Room for the whole message once its header is known; a header in part waits in a small one.
    this.held = Buffer.allocUnsafe(part.length >= HEADER ? 1 + part.readUInt32BE(1) : HEADER)
    this.heldSize = part.copy(this.held, 0)
  }

  /** Adds the start of `chunk` to the held message; returns where the rest of `chunk` starts. */
  private completeHeld(chunk: Buffer): number {
    let held = this.held as Buffer
    let at = 0
    if (this.heldSize < HEADER) {
      at = chunk.copy(held, this.heldSize, 0, HEADER - this.heldSize)
      this.heldSize += at
      if (this.heldSize < HEADER) return at
    }
    const total = 1 + held.readUInt32BE(1)
    if (total > held.length) {
      const larger = Buffer.allocUnsafe(total)
      held.copy(larger, 0, 0, this.heldSize)
      held = larger
      this.held = larger
    }
    const taken = chunk.copy(held, this.heldSize, at, at + total - this.heldSize)
    this.heldSize += taken
    at += taken
    if (this.heldSize < total) return at
    this.held = undefined
    this.heldSize = 0
    if (held[0] === DATA_ROW && this.sink !== undefined) this.sink(held, HEADER, total)
    else this.forward(held.subarray(0, total))
    return at
  }
}
