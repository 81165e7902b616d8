// An HTTP proxy in front of a real server that answers the first requests as an overloaded server
// does (503 service_unavailable, Retry-After: 1), then passes everything through.

import { createServer, request, type Server } from 'node:http'
import { errorBody } from '../../src/errors.js'
import { OVERLOADED } from '../../src/http/plugins/overload.js'

export interface OverloadedProxy {
  base: string
  /** Requests answered 503 so far. */
  refused(): number
  close(): Promise<void>
}

export async function overloadedProxy(target: string, refuseFirst: number): Promise<OverloadedProxy> {
  let refused = 0
  const upstream = new URL(target)
  const server: Server = createServer((req, res) => {
    if (refused < refuseFirst) {
      refused++
      const error = OVERLOADED()
      res.writeHead(503, { ...error.headers, 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(errorBody(error, 'proxy')))
      return
    }
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forwarded.on('error', () => res.destroy())
    req.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    base: `http://127.0.0.1:${port}`,
    refused: () => refused,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
