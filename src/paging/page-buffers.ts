/**
 * Buffers of pages already sent, for later pages to be written into. A buffer is memory outside
 * V8's heap: a fresh one per page pushes a loaded server into full collections back to back
 * (docs/design.md).
 */
export class PageBuffers {
  private readonly free: Buffer[] = []
  private bytes = 0

  constructor(
    /** At most this many buffers kept. */
    private readonly maxBuffers: number,
    /** At most this many bytes kept in all. */
    private readonly maxBytes: number,
  ) {}

  /** A buffer of at least `bytes` bytes, its contents undefined: a kept one if one is large enough. */
  take(bytes: number): Buffer {
    for (let i = this.free.length - 1; i >= 0; i--) {
      const buffer = this.free[i] as Buffer
      if (buffer.length < bytes) continue
      this.free[i] = this.free[this.free.length - 1] as Buffer
      this.free.pop()
      this.bytes -= buffer.length
      return buffer
    }
    return Buffer.allocUnsafeSlow(bytes)
  }

  /**
   * Keeps `buffer` for a later page; its holder must not read or write it again. When full, it
   * takes the place of a smaller one kept, or is left to the collector.
   */
  give(buffer: Buffer): void {
    if (buffer.length > this.maxBytes) return
    while (this.free.length >= this.maxBuffers || this.bytes + buffer.length > this.maxBytes) {
      const smallest = this.smallest()
      if (smallest === -1 || (this.free[smallest] as Buffer).length >= buffer.length) return
      this.bytes -= (this.free[smallest] as Buffer).length
      this.free[smallest] = this.free[this.free.length - 1] as Buffer
      this.free.pop()
    }
    this.free.push(buffer)
    this.bytes += buffer.length
  }

  /** Buffers and bytes kept. */
  get kept(): { buffers: number; bytes: number } {
    return { buffers: this.free.length, bytes: this.bytes }
  }

  private smallest(): number {
    let at = -1
    for (let i = 0; i < this.free.length; i++)
      if (at === -1 || (this.free[i] as Buffer).length < (this.free[at] as Buffer).length) at = i
    return at
  }
}

/** Enough for every page and series in flight at once on a busy server, each of its usual size. */
export const pageBuffers = new PageBuffers(64, 32 * 1024 * 1024)
