// A throwaway PostgreSQL cluster of the test's own (initdb + pg_ctl from the machine's PostgreSQL
// packages), so that a test can stop and restart "the database" without touching the shared
// server other tests use. Needs root (to run the server as the postgres user) or to be that user.

import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './processes.js'

export interface PrivatePostgres {
  url: string
  stop(): void
  start(): void
  destroy(): void
}

function binaries(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
  return version ? join(root, version, 'bin') : null
}

/** Why a private cluster cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!binaries()) return 'PostgreSQL server binaries are not installed'
  if (process.getuid?.() !== 0)
    return 'starting a private PostgreSQL cluster needs root (to run it as the postgres user)'
  return null
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binaries() as string
  const dir = mkdtempSync(join(tmpdir(), 'awareness-pg-'))
  const ids = execFileSync('id', ['-u', 'postgres']).toString().trim()
  const gid = execFileSync('id', ['-g', 'postgres']).toString().trim()
  chownSync(dir, Number(ids), Number(gid))
  const data = join(dir, 'data')
  const port = await freePort()
  const asPostgres = (file: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, file), ...args], { stdio: 'pipe', cwd: dir })
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const pgCtl = (action: 'start' | 'stop') =>
    asPostgres(
      'pg_ctl',
      action === 'start'
        ? [
            '-D',
            data,
            '-o',
            `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
            '-w',
            '-l',
            join(dir, 'log'),
            'start',
          ]
        : ['-D', data, '-m', 'immediate', '-w', 'stop'],
    )
  pgCtl('start')
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl('stop'),
    start: () => pgCtl('start'),
    destroy() {
      try {
        pgCtl('stop')
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
