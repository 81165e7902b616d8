// What the CLI prints besides data: progress on a terminal, and one-line failures.

export class CliError extends Error {}

export interface Progress {
  /** Shows `text` (at most every 200 ms, unless `now`: a new phase shows at once). */
  update(text: string, now?: boolean): void
  done(): void
}

/** A progress line that rewrites itself on a terminal and stays silent otherwise. */
export function progressLine(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, done() {} }
  let last = 0
  let shown = false
  return {
    update(text, immediately = false) {
      const now = Date.now()
      if (now - last < 200 && !immediately) return
      last = now
      shown = true
      stream.write(`\r\x1b[2K${text}`)
    },
    done() {
      if (shown) stream.write('\r\x1b[2K')
    },
  }
}

export const formatCount = (n: number) => n.toLocaleString('en-US')

/** Bytes for people: `812 KB`, `120.5 MB`, `2.1 GB` (powers of 1,000, like file managers). */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = n / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}

/** `1 record`, `2 records`, `1,144 employees`: a count with its noun in the right number. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`
}

/** Rows as aligned columns under a header, two spaces apart; the last column is not padded. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), ...rows.map(line)].map((l) => `${l}\n`).join('')
}

/** A stored timestamp as `2026-11-24 06:30Z` (minutes are enough to read a table). */
export function shortTime(timestamp: string | null): string {
  if (timestamp === null) return '-'
  return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)}Z`
}
