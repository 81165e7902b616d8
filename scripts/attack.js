#!/usr/bin/env node
// Two attacks on a real `serve` process (the build: run `npm run build` first), with what they cost
// the server, for the findings of issue #50 and any later check of them:
//
//   node scripts/attack.js forwarded     10 s of unauthenticated requests behind TRUST_PROXY=true,
//                                        X-Forwarded-For 8 KB of junk, a key, or a random address:
//                                        database growth, RSS, longest log line, what was stored
//   node scripts/attack.js slow-readers  64 connections ask for an 11 MB page of attacks and read
//                                        nothing for HOLD_SECONDS (60): RSS over time, how many
//                                        of them the server still serves then
//
// Traffic goes to 127.0.0.1 only, bounded in time; the server and its database are removed after.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'

const CLI = fileURLToPath(new URL('../bin/awareness.js', import.meta.url))
const scenario = process.argv[2]
if (scenario !== 'forwarded' && scenario !== 'slow-readers') {
  console.error('usage: node scripts/attack.js forwarded|slow-readers')
  process.exit(2)
}

const dir = mkdtempSync(join(tmpdir(), 'awareness-attack-'))
const database = join(dir, 'attack.db')
/** How long the slow readers hold their connections before reading (past the 30 s of a stall). */
const HOLD_S = Number(process.env.HOLD_SECONDS ?? 60)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN
}
const sizeMiB = () =>
  ['', '-wal'].reduce(
    (n, suffix) => n + (statSync(database + suffix, { throwIfNoEntry: false })?.size ?? 0),
    0,
  ) /
  2 ** 20

function cli(args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: database },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (c) => (out += c))
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`awareness ${args[0]}: exit ${code}`)),
    )
    child.stdin.end(input ?? '')
  })
}

async function serve(env) {
  const port = 20000 + Math.floor(Math.random() * 20000)
  const child = spawn(process.execPath, [CLI, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: database,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let longest = 0
  let lines = 0
  let rest = ''
  child.stdout.on('data', (chunk) => {
    const parts = (rest + chunk).split('\n')
    rest = parts.pop() ?? ''
    for (const line of parts) {
      lines++
      longest = Math.max(longest, line.length)
    }
  })
  child.stderr.resume()
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i++) {
    const up = await new Promise((resolve) =>
      request(`${base}/healthz`, (res) => resolve(res.statusCode === 200))
        .on('error', () => resolve(false))
        .end(),
    )
    if (up) break
    await sleep(100)
  }
  return {
    base,
    pid: child.pid,
    log: () => ({ lines, longest }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGTERM')
      }),
  }
}

const organization = '00000000-0000-4000-8000-00000000000a'
const workspace = '00000000-0000-4000-8000-00000000000b'
const stamp = '2026-01-01T00:00:00.000000Z'
const base = [
  { type: 'organization', id: organization, created_at: stamp, updated_at: stamp },
  {
    type: 'workspace',
    id: workspace,
    organization_id: organization,
    name: 'W',
    created_at: stamp,
    updated_at: stamp,
  },
]

async function forwarded() {
  await cli(['import', '-'], base.map((r) => JSON.stringify(r)).join('\n'))
  const key = (await cli(['keys', 'create', '--organization', organization])).trim().split('\n').at(-1)
  const server = await serve({ TRUST_PROXY: 'true' })
  const before = { db: sizeMiB(), rss: rssMiB(server.pid) }
  const agent = new Agent({ keepAlive: true, maxSockets: 32 })
  const junk = 'x'.repeat(8000)
  const hop = (i) => {
    switch (i % 4) {
      case 0:
        return junk
      case 1:
        return key
      case 2:
        return [...randomBytes(4)].join('.')
      default:
        return (randomBytes(16).toString('hex').match(/.{4}/g) ?? []).join(':')
    }
  }
  let sent = 0
  let peak = before.rss
  const end = Date.now() + 10_000
  const worker = async () => {
    while (Date.now() < end) {
      const i = sent++
      await new Promise((resolve) =>
        request(
          `${server.base}/v1/organization`,
          { agent, headers: { 'x-forwarded-for': hop(i) } },
          (res) => {
            res.resume()
            res.on('end', resolve)
          },
        )
          .on('error', resolve)
          .end(),
      )
    }
  }
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 250)
  await Promise.all(Array.from({ length: 32 }, worker))
  clearInterval(sampler)
  agent.destroy()
  const during = rssMiB(server.pid)
  await server.stop() // the usage record is flushed at shutdown
  const db = new Database(database, { readonly: true })
  const failures = db
    .prepare('select count(*) as n, max(length(address)) as longest from auth_failures')
    .get()
  const seen = db.prepare('select count(*) as n from key_usage_addresses').get()
  const keyStored = db
    .prepare('select count(*) as n from auth_failures where address like ?')
    .get(`%${key.slice(4, 20)}%`)
  db.close()
  return {
    requests: sent,
    database_mib: { before: before.db.toFixed(1), after: sizeMiB().toFixed(1) },
    rss_mib: { before: before.rss, peak, after_attack: during },
    log: server.log(),
    auth_failure_rows: failures.n,
    longest_stored_address: failures.longest,
    key_usage_addresses: seen.n,
    rows_holding_the_key: keyStored.n,
  }
}

async function slowReaders() {
  const campaign = '00000000-0000-4000-8000-00000000000c'
  const employee = '00000000-0000-4000-8000-00000000000d'
  const records = [
    ...base,
    {
      type: 'employee',
      id: employee,
      name: 'E',
      username: 'e',
      email_addresses: [],
      country_code: null,
      department: null,
      job_title: null,
      language: null,
      timezone: 'UTC',
      status: 'active',
      karma: null,
      manager: null,
      workspace: { id: workspace },
      created_at: stamp,
      updated_at: stamp,
    },
    {
      type: 'campaign',
      id: campaign,
      workspace_id: workspace,
      name: 'C',
      status: 'active',
      delivery: 'one_off',
      frequency: null,
      launched_at: stamp,
      completed_at: null,
      cycles: [],
      created_at: stamp,
      updated_at: stamp,
    },
  ]
  const events = Array.from({ length: 1000 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    type: i % 2 ? 'page_opened' : 'email_opened',
    created_at: stamp,
  }))
  for (let a = 0; a < 100; a++) {
    records.push({
      type: 'attack',
      id: `00000000-0000-4000-9000-${String(a).padStart(12, '0')}`,
      campaign_id: campaign,
      campaign_cycle_id: null,
      employee_id: employee,
      template: { name: 'Password expires today' },
      service: { name: 'Microsoft 365' },
      difficulty: 'easy',
      sent_at: stamp,
      events: events.map((e, i) => ({
        ...e,
        id: `${e.id.slice(0, 19)}${String(a).padStart(4, '0')}-${String(i).padStart(12, '0')}`,
      })),
      created_at: stamp,
    })
  }
  const file = join(dir, 'attacks.ndjson')
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'))
  await cli(['import', file])
  const key = (await cli(['keys', 'create', '--organization', organization])).trim().split('\n').at(-1)
  const server = await serve({})
  const path = `/v1/campaigns/${campaign}/attacks?workspace_id=${workspace}&limit=100`
  const url = new URL(server.base)
  const rss = [[0, rssMiB(server.pid)]]
  const sockets = Array.from({ length: 64 }, () => {
    const socket = connect(Number(url.port), url.hostname)
    socket.pause()
    socket.on('error', () => {})
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nAccept-Encoding: identity\r\n\r\n`)
    return socket
  })
  const start = Date.now()
  for (let s = 1; s <= HOLD_S; s++) {
    await sleep(1000)
    rss.push([s, rssMiB(server.pid)])
  }
  const lateRss = rssMiB(server.pid)
  // Now read: a connection the server still serves gives the whole page; one it abandoned ends short.
  const received = await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          let bytes = 0
          const done = () => resolve(bytes)
          socket.on('data', (c) => (bytes += c.length))
          socket.on('close', done)
          setTimeout(done, 10_000)
          socket.resume()
        }),
    ),
  )
  const whole = received.filter((bytes) => bytes > 10_000_000).length
  for (const s of sockets) s.destroy()
  await server.stop()
  return {
    page_mib: 11,
    connections: 64,
    rss_mib_by_second: rss.filter(([s]) => s % 5 === 0 || s === 1),
    peak_rss_mib: Math.max(...rss.map(([, r]) => r)),
    [`rss_mib_after_${HOLD_S}s`]: lateRss,
    [`connections_still_served_after_${HOLD_S}s`]: whole,
    bytes_received_once_read: [Math.min(...received), Math.max(...received)],
    seconds: Math.round((Date.now() - start) / 1000),
  }
}

try {
  const result = scenario === 'forwarded' ? await forwarded() : await slowReaders()
  console.log(JSON.stringify(result, null, 2))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
