// A proxy that takes a PostgreSQL client's TLS (answering its SSLRequest with 'S') and passes the
// plain protocol on to a server without TLS: what a client sees of a database that requires TLS.
// Its key and certificate (test/fixtures/tls) are self-signed and serve no other purpose.

import { readFileSync } from 'node:fs'
import { connect, createServer, type Socket } from 'node:net'
import { TLSSocket } from 'node:tls'
import { ROOT_URL } from './root.js'

const SSL_REQUEST = 80877103
const fixture = (name: string) => readFileSync(new URL(`test/fixtures/tls/${name}`, ROOT_URL))

export interface TlsPostgresProxy {
  /** host:port to connect to instead of the server. */
  address: string
  /** Sessions whose TLS handshake completed. */
  secureSessions(): number
  close(): Promise<void>
}

export async function startTlsPostgresProxy(
  targetHost: string,
  targetPort: number,
): Promise<TlsPostgresProxy> {
  const key = fixture('test-only.key')
  const cert = fixture('test-only.crt')
  let secure = 0
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    sockets.add(client)
    client.on('error', () => client.destroy())
    client.once('close', () => sockets.delete(client))
    client.once('readable', function first() {
      const request = client.read(8) as Buffer | null
      if (request === null) return client.once('readable', first)
      if (request.readInt32BE(4) !== SSL_REQUEST) return client.destroy()
      client.write('S')
      const tls = new TLSSocket(client, { isServer: true, key, cert })
      const upstream = connect(targetPort, targetHost)
      sockets.add(upstream)
      tls.once('secure', () => secure++)
      tls.pipe(upstream)
      upstream.pipe(tls)
      const end = () => {
        tls.destroy()
        upstream.destroy()
      }
      for (const s of [tls, upstream]) {
        s.on('error', end)
        s.on('close', end)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    address: `127.0.0.1:${port}`,
    secureSessions: () => secure,
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
