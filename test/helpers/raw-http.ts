// Bytes on a socket of its own: for requests no HTTP client would send (no Host, CONNECT, a bad
// method token, headers that never end), and for what comes back on the wire, closing included.

import { connect } from 'node:net'

export interface RawExchange {
  status: number
  headers: Record<string, string>
  body: string
  /** Milliseconds from connecting until the server closed the connection (or until `waitMs`). */
  closedAfterMs: number | null
}

/** Writes `text` (or nothing) and reads until the server closes the connection, or `waitMs` passes. */
export function rawExchange(base: string, text: string, waitMs = 5000): Promise<RawExchange> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const started = Date.now()
    let data = ''
    const socket = connect(Number(url.port), url.hostname, () => {
      if (text) socket.write(text)
    })
    const finish = (closed: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      const head = data.slice(0, Math.max(0, data.indexOf('\r\n\r\n')))
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      )
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: data.slice(data.indexOf('\r\n\r\n') + 4),
        closedAfterMs: closed ? Date.now() - started : null,
      })
    }
    const timer = setTimeout(() => finish(false), waitMs)
    socket.on('data', (chunk) => {
      data += chunk
    })
    socket.on('close', () => finish(true))
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}
