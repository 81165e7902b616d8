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
