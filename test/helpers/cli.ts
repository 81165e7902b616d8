import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { owned } from './children.js'
import { MODULE_EXTENSION, ROOT_URL } from './root.js'

const ENTRY = fileURLToPath(new URL(`./cli-entry${MODULE_EXTENSION}`, import.meta.url))
const BUILT = fileURLToPath(new URL('bin/awareness.js', ROOT_URL))

/**
 * The node arguments that start `awareness`, before its own: the program as the tests were built
 * (build/, or the sources through tsx when the tests run from them), or with TEST_CLI=built the
 * command users run (bin/ over dist/, which CI builds).
 */
export const CLI: readonly string[] = (() => {
  if (process.env.TEST_CLI !== 'built')
    return MODULE_EXTENSION === '.js' ? [ENTRY] : ['--import', 'tsx', ENTRY]
  if (!existsSync(fileURLToPath(new URL('dist/cli/main.js', ROOT_URL))))
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
    const child = owned(
      spawn(process.execPath, [...CLI, ...args], {
        env: { ...process.env, ...options.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
    child.stdin.end(options.input ?? '')
  })
}
