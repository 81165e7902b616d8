// An OTLP/HTTP trace receiver for tests: a node:http server that takes `POST /v1/traces` in the JSON
// encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and decodes the spans that arrive.

import { createServer } from 'node:http'

type AnyValue = {
  stringValue?: string
  intValue?: string | number
  boolValue?: boolean
  doubleValue?: number
}

export interface ReceivedSpan {
  traceId: string
  spanId: string
  parentSpanId: string
  name: string
  kind: number
  attributes: Record<string, string | number | boolean | undefined>
  status: { code?: number; message?: string }
  service: string | undefined
}

export interface OtlpReceiver {
  /** The base URL: what OTEL_EXPORTER_OTLP_ENDPOINT takes. */
  url: string
  spans: ReceivedSpan[]
  /** Every request body as received, to look for what must never be sent. */
  bodies: string[]
  /** Resolves with the spans matching `test` once `count` have arrived. */
  waitFor(test: (span: ReceivedSpan) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedSpan[]>
  close(): Promise<void>
}

const plain = (v: AnyValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue))

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = []
  const bodies: string[] = []
  const server = createServer((request, response) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end()
        return
      }
      bodies.push(text)
      const body = JSON.parse(text) as {
        resourceSpans: {
          resource?: { attributes?: { key: string; value: AnyValue }[] }
          scopeSpans: {
            spans: (Omit<ReceivedSpan, 'attributes' | 'service'> & {
              attributes?: { key: string; value: AnyValue }[]
            })[]
          }[]
        }[]
      }
      for (const resource of body.resourceSpans) {
        const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value
          .stringValue
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              ...span,
              parentSpanId: span.parentSpanId ?? '',
              attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, plain(a.value)])),
              service,
            })
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    url,
    spans,
    bodies,
    async waitFor(test, count = 1, timeoutMs = 20_000) {
      const started = Date.now()
      for (;;) {
        const found = spans.filter(test)
        if (found.length >= count) return found
        if (Date.now() - started > timeoutMs)
          throw new Error(
            `${found.length} of ${count} spans after ${timeoutMs} ms (${spans.length} received)`,
          )
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
