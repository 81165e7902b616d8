// Real server processes (the CLI's `serve`) and a private Redis, for tests across processes.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { type Owner, owned } from './children.js'
import { CLI } from './cli.js'

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface HttpAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export function get(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

export interface ServerProcess {
  base: string
  stop(): Promise<void>
  child: ChildProcess
  /** What the process wrote on stderr so far. */
  stderr(): string
  /** What the process wrote on stdout so far (its JSON log lines). */
  stdout(): string
}

/**
 * Starts `awareness serve` with the given environment and waits until it answers. Started in a
 * test, pass its context: the server is killed when the test ends, whatever its outcome.
 */
export async function startServer(env: Record<string, string>, owner?: Owner): Promise<ServerProcess> {
  const port = await freePort()
  const child: ChildProcess = owned(
    spawn(process.execPath, [...CLI, 'serve'], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    owner,
  )
  let errors = ''
  let output = ''
  child.stderr?.on('data', (c) => (errors += c))
  child.stdout?.on('data', (c) => (output += c))
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    if ((await get(`${base}/healthz`).catch(() => null))?.status === 200) {
      return {
        base,
        child,
        stderr: () => errors,
        stdout: () => output,
        stop: () =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
          }),
      }
    }
    if (child.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`the server did not start:\n${errors}`)
}

export interface PrivateRedis {
  url: string
  kill(): Promise<void>
  restart(): Promise<void>
  /** Stops the server process (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): void
}

export function redisUnavailable(): string | null {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' })
    return null
  } catch {
    return 'redis-server is not installed'
  }
}

/** A Redis of the test's own, which it may kill without disturbing anyone else. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  let child: ChildProcess | null = null
  const start = async () => {
    child = owned(
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      ),
    )
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' })
        return
      } catch {
        await new Promise((r) => setTimeout(r, 50))
      }
    }
    throw new Error('redis did not start')
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () =>
      new Promise((resolve) => {
        const c = child as ChildProcess | null
        if (!c || c.exitCode !== null) return resolve()
        c.once('exit', () => resolve())
        c.kill('SIGKILL')
      }),
    restart: start,
    freeze: () => (child as ChildProcess | null)?.kill('SIGSTOP'),
    thaw: () => (child as ChildProcess | null)?.kill('SIGCONT'),
  }
}
