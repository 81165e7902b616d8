// OpenTelemetry traces (docs/operations.md), from real processes to an OTLP/HTTP receiver in this
// process: a span per request (route, status, key id, never the key) continuing the caller's
// `traceparent`, its statements as child spans, its trace id in the request's log line; a span per
// webhook delivery; an import as a span with a child per phase. On both databases.

import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { importSources, PHASES } from '../../src/importer/import.js'
import { createKey } from '../../src/keys/keys.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { get, type ServerProcess, startServer } from '../helpers/processes.js'
import { employee, ndjson, smallDataset, source } from '../helpers/records.js'
import { elapse } from '../helpers/wait.js'
import { type Receiver, startReceiver } from '../webhooks/receiver.js'
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './otlp-receiver.js'

const hex = (bytes: number) => randomBytes(bytes).toString('hex')

/** The span's ancestors within its trace, nearest first. */
function ancestors(span: ReceivedSpan, all: readonly ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = []
  for (let at = span; ; ) {
    const parent = all.find((s) => s.traceId === at.traceId && s.spanId === at.parentSpanId)
    if (parent === undefined) return chain
    chain.push(parent)
    at = parent
  }
}

for (const { dialect, skip } of DIALECTS) {
  describe(`traces to an OTLP/HTTP receiver (${dialect})`, { skip }, () => {
    let otlp: OtlpReceiver
    let db: TestDatabase
    let server: ServerProcess
    let hooks: Receiver
    let key: string
    let keyId: string
    let hookSecret = ''
    const d = smallDataset()
    const env = () => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '50',
      OTEL_SERVICE_NAME: `awareness-test-${dialect}`,
    })

    before(async () => {
      otlp = await startOtlpReceiver()
      hooks = await startReceiver(() => hookSecret)
      db = await freshDatabase(dialect)
      await importSources(db.handle, [source(d.all)])
      const created = await createKey(db.handle.db, { organizationId: d.org.id as string })
      key = created.key
      keyId = created.id
      server = await startServer({
        DATABASE_URL: db.url,
        LOG_LEVEL: 'info',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        ...env(),
      })
    })
    after(async () => {
      await server?.stop()
      await hooks?.close()
      await otlp?.close()
      await db?.drop()
    })

    test("a request is a span continuing the caller's trace, its statements child spans, its trace id in its log line", async () => {
      const traceId = hex(16)
      const caller = hex(8)
      const answer = await get(`${server.base}/v1/employees?workspace_id=${d.ws.id}`, {
        'x-api-key': key,
        traceparent: `00-${traceId}-${caller}-01`,
      })
      assert.equal(answer.status, 200)
      const [request] = await otlp.waitFor((s) => s.traceId === traceId && s.name === 'request')
      assert.ok(request)
      assert.equal(request.parentSpanId, caller, 'the caller span is its parent')
      assert.equal(request.kind, 2, 'a server span')
      assert.equal(request.service, `awareness-test-${dialect}`)
      assert.deepEqual(
        [
          request.attributes['http.route'],
          request.attributes['http.response.status_code'],
          request.attributes['http.request.method'],
          request.attributes['url.path'],
          request.attributes['awareness.key.id'],
          request.attributes['awareness.organization.id'],
        ],
        ['/v1/employees', 200, 'GET', '/v1/employees', keyId, d.org.id],
      )
      const statements = await otlp.waitFor(
        (s) => s.traceId === traceId && s.attributes['db.system.name'] !== undefined,
        2,
      )
      const system = dialect === 'postgres' ? 'postgresql' : 'sqlite'
      for (const statement of statements) {
        assert.equal(statement.attributes['db.system.name'], system)
        assert.match(String(statement.attributes['db.query.text']), /^\s*(select|update|with)/i)
        assert.ok(
          ancestors(statement, otlp.spans).some((s) => s.spanId === request.spanId),
          `${statement.name} is under the request`,
        )
      }
      assert.ok(statements.some((s) => String(s.attributes['db.query.text']).includes('employees')))
      const handler = otlp.spans.find((s) => s.traceId === traceId && s.name.startsWith('handler'))
      assert.equal(handler?.name, 'handler - employees')
      const line = server
        .stdout()
        .split('\n')
        .filter((l) => l.includes('"msg":"request"'))
        .map((l) => JSON.parse(l))
        .find((l) => l.trace_id === traceId)
      assert.ok(line, 'the log line names the trace')
      assert.equal(line.key_id, keyId)
    })

    test('the key is never exported, nor the query string; a refused key is a 401 span', async () => {
      const wrong = `${key.slice(0, -4)}abcd`
      const traceId = hex(16)
      const answer = await get(`${server.base}/v1/employees?workspace_id=${d.ws.id}&secret=hunter2`, {
        'x-api-key': wrong,
        traceparent: `00-${traceId}-${hex(8)}-01`,
      })
      assert.equal(answer.status, 401)
      const [request] = await otlp.waitFor((s) => s.traceId === traceId && s.name === 'request')
      assert.equal(request?.attributes['http.response.status_code'], 401)
      assert.equal(request?.attributes['awareness.key.id'], undefined)
      // A key in the path is redacted in the span as in the log line.
      const inPath = hex(16)
      const unmatched = await get(`${server.base}/v1/${key}?x=1`, {
        traceparent: `00-${inPath}-${hex(8)}-01`,
      })
      assert.equal(unmatched.status, 404)
      const [pathSpan] = await otlp.waitFor((s) => s.traceId === inPath && s.name === 'request')
      assert.equal(pathSpan?.attributes['url.path'], '/v1/wsa_[redacted]')
      const logged = server
        .stdout()
        .split('\n')
        .filter((l) => l.includes(`"trace_id":"${inPath}"`))
        .map((l) => JSON.parse(l))
      assert.equal(logged[0]?.path, '/v1/wsa_[redacted]', 'one redaction for both')
      // A key percent-encoded in part is decoded before it is redacted, in spans as in logs.
      const encoded = hex(16)
      const encodedAnswer = await get(
        `${server.base}/v1/employees/%2577${key.slice(1, 20)}%${key.charCodeAt(20).toString(16)}${key.slice(21)}`,
        {
          traceparent: `00-${encoded}-${hex(8)}-01`,
        },
      )
      assert.equal(encodedAnswer.status, 401)
      const [encodedSpan] = await otlp.waitFor((s) => s.traceId === encoded && s.name === 'request')
      assert.equal(encodedSpan?.attributes['url.path'], '/v1/employees/wsa_[redacted]')
      // Everything exported so far, by every request of this file (the exporter sends on a timer).
      await elapse(200, 'the exporter sends what it holds')
      const sent = otlp.bodies.join('\n')
      for (const secret of [key, wrong, key.slice(-24), key.slice(21), 'hunter2'])
        assert.ok(!sent.includes(secret), secret)
    })

    test('a webhook delivery is a client span with its endpoint, event and answer', async () => {
      const endpoint = await createEndpoint(
        db.handle.db,
        { organizationId: d.org.id as string, url: hooks.url, events: ['employee.created'] },
        { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined },
      )
      hookSecret = endpoint.secret
      await importSources(db.handle, [source([employee(d.ws.id as string)])])
      await hooks.delivered(1)
      const [delivery] = await otlp.waitFor(
        (s) => s.name === 'webhook delivery' && s.attributes['awareness.webhook.endpoint_id'] === endpoint.id,
      )
      assert.equal(delivery?.kind, 3, 'a client span')
      assert.equal(delivery?.attributes['awareness.event.id'], hooks.received[0]?.id)
      assert.equal(delivery?.attributes['http.response.status_code'], 200)
      assert.equal(delivery?.attributes['server.address'], '127.0.0.1')
      assert.equal(delivery?.attributes['awareness.webhook.attempt'], 1)
    })

    test('an import is a span with a child span per phase, and its statements beneath it', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'awareness-traced-import-'))
      try {
        const file = join(dir, 'more.ndjson')
        writeFileSync(file, ndjson([employee(d.ws.id as string), employee(d.ws.id as string)]))
        const imported = await runCli(['import', file, '--database', db.url], { env: env() })
        assert.equal(imported.code, 0, imported.stderr)
        const [root] = await otlp.waitFor(
          (s) => s.name === 'import' && s.attributes['awareness.import.records'] === 2,
        )
        assert.ok(root)
        assert.equal(root.parentSpanId, '')
        assert.equal(root.attributes['awareness.import.replace'], false)
        const phases = await otlp.waitFor(
          (s) => s.traceId === root.traceId && s.parentSpanId === root.spanId && s.name.startsWith('import '),
          PHASES.length,
        )
        assert.deepEqual(phases.map((s) => s.attributes['awareness.import.phase']).sort(), [...PHASES].sort())
        // The merge's statements (PostgreSQL's staging goes by COPY, apart from them).
        await otlp.waitFor(
          (s) =>
            s.traceId === root.traceId &&
            s.attributes['db.system.name'] !== undefined &&
            /^\s*insert/i.test(String(s.attributes['db.query.text'])),
        )
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}
