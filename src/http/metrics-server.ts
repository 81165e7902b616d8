import { createServer, type Server } from 'node:http'
import type { Metrics } from '../observability/metrics.js'

/** /metrics on a port of its own (METRICS_PORT), e.g. reachable only from the monitoring network. */
export function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    const body = await metrics.registry.metrics()
    response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}
