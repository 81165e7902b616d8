import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ENTRY = fileURLToPath(new URL('./cli-entry.ts', import.meta.url))

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
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
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
