// Every process a test starts dies with the test that started it, whatever its outcome: an
// assertion failing before a `stop()` would otherwise leave a server behind, whose open pipes keep
// the test file from ever ending. A child started inside a test is killed in that test's `t.after`
// (`owned(child, t)`); one started in a suite's `before` is stopped by the suite's `after`, and any
// child still running when the file's tests end, or when its process exits, is killed then.

import type { ChildProcess } from 'node:child_process'
import { after } from 'node:test'

/** What `owned` needs of a test: node:test's TestContext has it. */
export interface Owner {
  after(fn: () => unknown): void
}

const running = new Set<ChildProcess>()

function killNow(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/** Kills `child` and resolves once it has exited. */
export function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

/** Notes `child` as the test's: killed in `owner`'s `after` when given, else when the file ends. */
export function owned<C extends ChildProcess>(child: C, owner?: Owner): C {
  running.add(child)
  child.once('exit', () => running.delete(child))
  owner?.after(() => killed(child))
  return child
}

// The file's last hook, and the process's exit: nothing a test started outlives them.
after(() => Promise.all([...running].map(killed)))
process.once('exit', () => {
  for (const child of running) killNow(child)
})
