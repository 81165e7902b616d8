// What the CLI prints besides data: progress on a terminal, and one-line failures.

export class CliError extends Error {}

export interface Progress {
  update(text: string): void
  done(): void
}

/** A progress line that rewrites itself on a terminal and stays silent otherwise. */
export function progressLine(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, done() {} }
  let last = 0
  let shown = false
  return {
    update(text) {
      const now = Date.now()
      if (now - last < 200) return
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
