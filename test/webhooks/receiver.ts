// A real webhook receiver for tests: a node:http server that verifies every delivery with the
// reference `standardwebhooks` library and answers what the test says.

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { Webhook } from 'standardwebhooks'

export interface Received {
  id: string
  headers: IncomingHttpHeaders
  body: any
  /** The body as received, for verifying it again. */
  rawBody: string
  verified: boolean
  status: number
}

export interface Receiver {
  url: string
  received: Received[]
  /** Decides each answer's status (default 200); may hold the answer (return a promise). */
  answer: (delivery: Omit<Received, 'status'>) => number | Promise<number>
  /** Resolves once `count` distinct ids have been answered 2xx to a sender still there. */
  delivered(count: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startReceiver(secret: () => string): Promise<Receiver> {
  const received: Received[] = []
  const receiver = {
    url: '',
    received,
    answer: (() => 200) as Receiver['answer'],
    async delivered(count: number, timeoutMs = 60_000) {
      const start = Date.now()
      for (;;) {
        const ok = new Set(received.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.id))
        if (ok.size >= count) return
        if (Date.now() - start > timeoutMs)
          throw new Error(`${ok.size} of ${count} deliveries after ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: async () => {},
  }
  const server = createServer((request, response: ServerResponse) => {
    let text = ''
    let gone = false
    response.on('close', () => {
      gone ||= !response.writableEnded
    })
    request.setEncoding('utf8')
    request.on('data', (c) => (text += c))
    request.on('end', async () => {
      let verified = false
      try {
        new Webhook(secret()).verify(text, request.headers as Record<string, string>)
        verified = true
      } catch {}
      const delivery = {
        id: String(request.headers['webhook-id']),
        headers: request.headers,
        body: JSON.parse(text),
        rawBody: text,
        verified,
      }
      const status = await receiver.answer(delivery)
      // A sender that died meanwhile never learns the answer: recorded as 0.
      if (gone || response.destroyed || request.socket.destroyed)
        return received.push({ ...delivery, status: 0 })
      received.push({ ...delivery, status })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return receiver
}
