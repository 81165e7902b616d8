// The Python client (packages/python) with Debian's python3, standard library only: installed
// offline into a fresh virtual environment, then run against a live server. Every operation
// answers what the TypeScript client answers, item for item (lists walked through Link at a small
// page size); errors carry code, request id and rate limit; a 429 is retried after its Retry-After;
// a real webhook delivery's signature verifies, and a tampered one does not.

import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { AwarenessClient } from '@awareness-api/client'
import { Metrics } from '../../src/observability/metrics.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { DeliveryWorker } from '../../src/webhooks/worker.js'
import { pythonOperations } from '../../tools/python-client.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { owned } from '../helpers/children.js'
import { type ApiDataset, apiDataset, unknownId } from '../helpers/dataset.js'
import { toOcsf } from '../helpers/ocsf.js'
import { ROOT } from '../helpers/root.js'
import { startReceiver } from '../webhooks/receiver.js'

/** Debian's interpreter first; any python3 on the PATH otherwise. */
const PYTHON = ['/usr/bin/python3', 'python3'].find(
  (p) => spawnSync(p, ['-c', 'import venv, ensurepip'], { stdio: 'ignore' }).status === 0,
)
const skip =
  PYTHON === undefined
    ? 'python3 with venv is not installed (apt-get install python3 python3-venv python3-pip); .ci/run installs it'
    : false

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

describe('Python client against a live server', { skip }, () => {
  let t: TestApp
  let d: ApiDataset
  let baseUrl: string
  let key: string
  let venv: string
  let python: string

  /**
   * Runs a Python script in the client's environment; its stdout parsed as JSON. Asynchronous: the
   * server under test answers from this process meanwhile.
   */
  const run = (script: string, input: unknown) =>
    new Promise<any>((resolve, reject) => {
      const child = owned(
        spawn(python, ['-c', script], {
          env: { PATH: process.env.PATH ?? '', AWARENESS_API_KEY: key },
        }),
      )
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (c) => (stdout += c))
      child.stderr.on('data', (c) => (stderr += c))
      const timer = setTimeout(() => child.kill(), 120_000)
      child.on('error', reject)
      child.on('close', (code) => {
        clearTimeout(timer)
        if (code !== 0) return reject(new Error(`python exited ${code}: ${stderr}`))
        try {
          resolve(JSON.parse(stdout))
        } catch (error) {
          reject(new Error(`python printed ${stdout.slice(0, 300)} (${error}); ${stderr}`))
        }
      })
      child.stdin.end(JSON.stringify(input))
    })

  before(async () => {
    venv = mkdtempSync(join(tmpdir(), 'awareness-python-'))
    // Offline and without setuptools: a venv of its own (none of the system's packages), pip
    // with no index, and the package's own build backend of the standard library alone.
    const create = spawnSync(PYTHON as string, ['-m', 'venv', venv], { encoding: 'utf8' })
    assert.equal(create.status, 0, create.stderr)
    python = join(venv, 'bin', 'python')
    // Built from a copy: a build leaves build/ and *.egg-info beside the sources it reads.
    cpSync(join(ROOT, 'packages/python'), join(venv, 'source'), { recursive: true })
    const install = spawnSync(
      python,
      ['-m', 'pip', 'install', '--no-index', '--quiet', join(venv, 'source')],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', PIP_DISABLE_PIP_VERSION_CHECK: '1' } },
    )
    assert.equal(install.status, 0, `pip install: ${install.stderr}`)
    d = apiDataset(30)
    t = await testApp('sqlite', d.all)
    baseUrl = await t.listen()
    key = await t.key({ organizationId: d.orgA.id as string })
  })
  after(async () => {
    await t?.close()
    if (venv) rmSync(venv, { recursive: true, force: true })
  })

  test('installed offline, it is the package of this checkout (and never shows the key)', async () => {
    const out = await run(
      `import json, sys, awareness_api
c = awareness_api.Client(sys.argv[1] if len(sys.argv) > 1 else "http://x")
print(json.dumps({"file": awareness_api.__file__, "repr": repr(c), "version": awareness_api.__version__}))`,
      null,
    )
    assert.ok(out.file.startsWith(venv), out.file)
    assert.ok(!out.repr.includes(key))
  })

  test("it installs offline into a bare venv of every CPython here (Debian's, pyenv's), its sources untouched", () => {
    const interpreters = new Set(
      ['/usr/bin/python3', 'python3']
        .map((p) => spawnSync(p, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }))
        .filter((r) => r.status === 0)
        .map((r) => r.stdout.trim()),
    )
    const before = readdirSync(join(ROOT, 'packages/python')).sort()
    for (const interpreter of interpreters) {
      const dir = mkdtempSync(join(tmpdir(), 'awareness-python-bare-'))
      try {
        const create = spawnSync(interpreter, ['-m', 'venv', dir], { encoding: 'utf8' })
        if (create.status !== 0) continue // no venv module: not an interpreter with pip
        const bin = join(dir, 'bin', 'python')
        const env = { PATH: process.env.PATH ?? '', PIP_DISABLE_PIP_VERSION_CHECK: '1' }
        const install = spawnSync(
          bin,
          ['-m', 'pip', 'install', '--no-index', '--quiet', join(ROOT, 'packages/python')],
          {
            encoding: 'utf8',
            env,
          },
        )
        assert.equal(install.status, 0, `${interpreter}: ${install.stderr}`)
        const imported = spawnSync(bin, ['-c', 'import awareness_api; print(awareness_api.__file__)'], {
          encoding: 'utf8',
          env,
        })
        assert.match(imported.stdout, new RegExp(`^${dir}/`), interpreter)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
    assert.ok(interpreters.size > 0)
    assert.deepEqual(
      readdirSync(join(ROOT, 'packages/python')).sort(),
      before,
      'no build/ or egg-info left behind',
    )
  })

  test('every operation answers what the TypeScript client answers, lists item for item through Link', async () => {
    const ofType = (type: string) => d.all.filter((r) => r.type === type && r.workspace_id === d.a1)
    const groups = ofType('group')
    const campaigns = ofType('campaign')
    const ids: Record<string, string> = {
      workspace_id: d.a1,
      employee_id: d.employeesA1[4]?.id as string,
      course_id: ofType('course')[1]?.id as string,
      breach_id: d.breachesA1[0]?.id as string,
      group_id: (groups[0] ?? d.all.find((r) => r.type === 'group'))?.id as string,
      campaign_id: (campaigns[0] ?? d.all.find((r) => r.type === 'campaign'))?.id as string,
      ticket_id: ofType('inbox_ticket')[0]?.id as string,
      // A required choice: a breakdown's dimension.
      by: 'department',
    }
    const document = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8'))
    const OPERATIONS = pythonOperations(document)
    // A query parameter of several values (`group_id` on a list) is an array in the TypeScript client.
    const severalValued = new Set<string>()
    for (const [path, methods] of Object.entries<
      Record<string, { parameters?: { in: string; name: string; schema?: { type?: string } }[] }>
    >(document.paths))
      for (const operation of Object.values(methods))
        for (const parameter of operation.parameters ?? [])
          if (parameter.in === 'query' && parameter.schema?.type === 'array')
            severalValued.add(`${path} ${parameter.name}`)
    // The TypeScript client takes a lone path id as its argument (`employees.get(id)`).
    const calls: {
      namespace: string
      method: string
      kind: string
      positional: boolean
      args: Record<string, string>
      path: string
    }[] = []
    for (const [namespace, methods] of Object.entries(OPERATIONS))
      for (const [method, spec] of Object.entries(methods)) {
        if (spec.kind === 'page') continue
        const args: Record<string, string> = {}
        for (const name of [...spec.path_params, ...spec.query]) if (ids[name]) args[name] = ids[name]
        const positional = spec.kind === 'item' && spec.path_params.length === 1 && spec.query.length === 0
        calls.push({ namespace, method, kind: spec.kind, positional, args, path: spec.path })
      }
    assert.ok(calls.length >= 15, `${calls.length} operations`)
    const fromPython = await run(
      `import json, sys, awareness_api
c = awareness_api.Client(${JSON.stringify(baseUrl)})
out = []
for call in json.load(sys.stdin):
    method = getattr(c, call["namespace"])
    for name in call["method"].split("."):
        method = getattr(method, name)
    out.append(list(method(limit=7, **call["args"])) if call["kind"] == "list" else method(**call["args"]))
print(json.dumps(out))`,
      calls,
    )
    const client = new AwarenessClient({ baseUrl, apiKey: key })
    for (const [i, call] of calls.entries()) {
      const args = Object.fromEntries(
        Object.entries(call.args).map(([k, v]) => [
          camel(k),
          severalValued.has(`${call.path} ${k}`) ? [v] : v,
        ]),
      )
      // `statistics.history` hangs on `statistics`.
      const method = call.method
        .split('.')
        .reduce((on, name) => on[camel(name)], (client as any)[call.namespace])
      const expected =
        call.kind === 'list'
          ? await method.call((client as any)[call.namespace], args, { limit: 100 }).toArray()
          : call.positional
            ? await method.call((client as any)[call.namespace], Object.values(args)[0])
            : await method.call(
                (client as any)[call.namespace],
                Object.keys(args).length > 0 ? args : undefined,
              )
      assert.deepEqual(fromPython[i], expected, `${call.namespace}.${call.method}`)
      if (call.kind === 'list') assert.ok(expected.length > 0, `${call.namespace}.${call.method} has items`)
    }
  })

  test('events.list(format="ocsf") walks the feed in OCSF: the JSON feed rendered, item for item', async () => {
    const fromPython = await run(
      `import json, awareness_api
c = awareness_api.Client(${JSON.stringify(baseUrl)})
print(json.dumps(list(c.events.list(workspace_id=${JSON.stringify(d.a1)}, format="ocsf", limit=7))))`,
      null,
    )
    const client = new AwarenessClient({ baseUrl, apiKey: key })
    const native = await client.events.list({ workspaceId: d.a1 }, { limit: 100 }).toArray()
    assert.ok(native.length > 0)
    assert.deepEqual(
      fromPython,
      native.map((e) => toOcsf(e, d.orgA.id as string)),
    )
  })

  test('errors carry the code, the request id and the rate limit; a bad argument is refused before sending', async () => {
    const out = await run(
      `import json, awareness_api
c = awareness_api.Client(${JSON.stringify(baseUrl)})
out = {}
try:
    c.employees.get(employee_id=${JSON.stringify(unknownId())})
except awareness_api.ApiError as e:
    out = {"status": e.status, "code": e.code, "request_id": e.request_id,
        "limit": e.rate_limit.limit if e.rate_limit else None, "errors": len(e.errors)}
try:
    next(c.employees.list(workspace_id="x", colour="red"))
except TypeError as e:
    out["refused"] = str(e)
out["privacy"] = c.employees.page(workspace_id=${JSON.stringify(d.a1)}, limit=1).key_privacy
print(json.dumps(out))`,
      null,
    )
    assert.equal(out.status, 404)
    assert.equal(out.code, 'employee_not_found')
    assert.match(out.request_id, /./)
    assert.ok(out.limit > 0)
    assert.equal(out.errors, 1)
    assert.equal(out.refused, 'listEmployees: unknown argument(s) colour')
    // What the key is shown of a person, as every answer says (x-key-privacy).
    assert.equal(out.privacy, 'identified')
  })

  test('a 429 is retried after its Retry-After, then answers', async () => {
    let requests = 0
    const sent: (string | undefined)[][] = []
    const server = createServer((req, res) => {
      requests++
      sent.push([req.headers['x-api-key'] as string | undefined, req.headers['user-agent']])
      if (requests === 1) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            errors: [{ status: '429', code: 'rate_limited', title: 'Too many', detail: 'x' }],
          }),
        )
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ data: { id: 'org' } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    try {
      const out = await run(
        `import json, time, awareness_api
waits = []
c = awareness_api.Client("http://127.0.0.1:${port}", on_retry=lambda attempt, seconds, reason: waits.append([attempt, seconds, reason]))
start = time.monotonic()
data = c.organization.get()
print(json.dumps({"data": data, "waits": waits, "elapsed": time.monotonic() - start}))`,
        null,
      )
      assert.deepEqual(out.data, { id: 'org' })
      assert.deepEqual(out.waits, [[1, 1, '429']])
      assert.ok(out.elapsed >= 1, `${out.elapsed} s`)
      assert.equal(requests, 2)
      // The key from AWARENESS_API_KEY, and the client named in the User-Agent, on every attempt.
      for (const [sentKey, agent] of sent) {
        assert.equal(sentKey, key)
        assert.match(String(agent), /^awareness-api-python\/0\.1\.0$/)
      }
    } finally {
      server.close()
    }
  })

  test("verify_webhook accepts a real delivery's signature and refuses a tampered body or another secret", async () => {
    let secret = ''
    const receiver = await startReceiver(() => secret)
    try {
      const created = await createEndpoint(
        t.db.handle.db,
        { organizationId: d.orgA.id as string, url: receiver.url },
        { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: Buffer.alloc(32, 1) },
      )
      secret = created.secret
      const { importSources } = await import('../../src/importer/import.js')
      const { source } = await import('../helpers/records.js')
      await importSources(t.db.handle, [
        source([{ ...(d.employeesA1[0] as object), name: 'Renamed for a webhook' }]),
      ])
      await new DeliveryWorker({
        db: t.db.handle.db,
        dialect: 'sqlite',
        metrics: new Metrics({ generation: async () => '0' }),
        log: { warn: () => {} },
        allowPrivate: true,
        secretsKey: Buffer.alloc(32, 1),
        retentionMs: 86_400_000,
        retryDelaysMs: [0],
      }).runOnce()
      assert.ok(receiver.received.length > 0 && receiver.received.every((r) => r.verified))
      const delivery = receiver.received[0] as (typeof receiver.received)[number]
      const out = await run(
        `import json, sys, awareness_api
d = json.load(sys.stdin)
event = awareness_api.verify_webhook(d["secret"], d["headers"], d["body"].encode())
results = {"id": event["id"]}
for name, secret, body in [("tampered", d["secret"], d["body"] + " "), ("other", "whsec_" + "A" * 43 + "=", d["body"])]:
    try:
        awareness_api.verify_webhook(secret, d["headers"], body)
        results[name] = "accepted"
    except awareness_api.WebhookVerificationError as e:
        results[name] = str(e)
print(json.dumps(results))`,
        { secret, headers: delivery.headers, body: delivery.rawBody },
      )
      assert.equal(out.id, delivery.id)
      assert.equal(out.tampered, 'no signature matches')
      assert.equal(out.other, 'no signature matches')
    } finally {
      await receiver.close()
    }
  })
})
