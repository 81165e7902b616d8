// A TCP proxy in front of a server, which a test can freeze: while frozen, bytes are neither
// forwarded nor refused, in either direction, and new connections are held unanswered. This is
// what a client sees of a server stopped by SIGSTOP or cut off by a network partition.

import { connect, createServer, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  /** host:port to connect to instead of the target. */
  address: string
  freeze(): void
  thaw(): void
  close(): Promise<void>
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let frozen = false
  const pairs = new Set<[Socket, Socket]>()
  const held: Socket[] = []
  const pipe = (client: Socket) => {
    const upstream = connect(targetPort, targetHost)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    client.pipe(upstream)
    upstream.pipe(client)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end)
    upstream.on('error', end)
    client.on('close', end)
    upstream.on('close', end)
  }
  const server: Server = createServer((client) => {
    if (frozen) {
      client.pause()
      held.push(client)
      client.on('error', () => {})
      return
    }
    pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    address: `127.0.0.1:${port}`,
    freeze() {
      frozen = true
      for (const [a, b] of pairs) {
        a.unpipe(b)
        b.unpipe(a)
        a.pause()
        b.pause()
      }
    },
    thaw() {
      frozen = false
      for (const [a, b] of pairs) {
        a.pipe(b)
        b.pipe(a)
        a.resume()
        b.resume()
      }
      for (const client of held.splice(0)) {
        if (!client.destroyed) {
          pipe(client)
          client.resume()
        }
      }
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy()
        b.destroy()
      }
      for (const client of held) client.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
