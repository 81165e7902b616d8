import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ENTRY = fileURLToPath(new URL('./cli-entry.ts', import.meta.url))
const BUILT = fileURLToPath(new URL('../../bin/awareness.js', import.meta.url))

/**
 * The node arguments that start `awareness`, before its own: the sources through tsx (no build
 * needed), or with TEST_CLI=built the compiled command users run (CI sets it after building: a
 * process then starts faster than through tsx).
 */
export const CLI: readonly string[] = (() => {
  if (process.env.TEST_CLI !== 'built') return ['--import', 'tsx', ENTRY]
  if (!existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))))
    throw new Error('TEST_CLI=built needs the build: npm run build')
  return [BUILT]
})()

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `awareness ...args` from the sources, as a separate process. */
export function runCli(
  args: string[],
  options: { input?: string | Buffer; env?: Record<string, string> } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], {
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
    child.stdin.end(options.input ?? '')
  })
}
