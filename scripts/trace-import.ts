// Where an import's time goes, statement by statement: runs one import with the session's trace
// hook and charges each statement with the time until the next one starts (the statements run one
// after another on one connection; while reading, a staging insert is also charged with the wait for
// the reading thread's next batch), and, on Linux, with the bytes this process read from files in
// that time (SQLite's pages that missed its page cache, served by the OS). Prints the phases, then
// the slowest statements.
// Run: node --import tsx scripts/trace-import.ts DATABASE FILE [TOP] [--replace]
// (an empty DATABASE measures a first import; the same file again, an unchanged re-import)
import { readFileSync } from 'node:fs'
import { fileSource } from '../src/cli/commands/import.js'
import { openDatabase } from '../src/db/connection.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { importSources } from '../src/importer/import.js'

const replace = process.argv.includes('--replace')
const [database, file, top = '25'] = process.argv.slice(2).filter((a) => a !== '--replace')
if (!database || !file) {
  console.error('usage: node --import tsx scripts/trace-import.ts DATABASE FILE [TOP] [--replace]')
  process.exit(2)
}

/** Bytes this process has read through read(2) and its kind so far (all threads), or 0 off Linux. */
function bytesRead(): number {
  try {
    return Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

const handle = openDatabase(database)
await migrateToLatest(handle)
const spent = new Map<string, { ms: number; read: number }>()
let current = '(before the first statement)'
let since = performance.now()
let readSince = bytesRead()
const charge = (next: string) => {
  const now = performance.now()
  const read = bytesRead()
  const text = current.replace(/\s+/g, ' ').trim().slice(0, 200)
  const total = spent.get(text) ?? { ms: 0, read: 0 }
  spent.set(text, { ms: total.ms + now - since, read: total.read + read - readSince })
  current = next
  since = now
  readSince = read
}
handle.trace = charge
const summary = await importSources(handle, [fileSource(file)], { replace })
charge('')
await handle.close()
console.log(
  `${summary.seconds.toFixed(2)} s: ${summary.phases.map((p) => `${p.phase} ${p.seconds.toFixed(2)}`).join(', ')}`,
)
const all = [...spent.values()].reduce((sum, s) => sum + s.read, 0)
console.log(`read from files: ${(all / 2 ** 30).toFixed(1)} GiB (the import file itself included)`)
console.log('the last statement is charged with the commit, which runs untraced')
console.log('     ms  read MiB  statement')
for (const [text, { ms, read }] of [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(top)))
  console.log(`${ms.toFixed(0).padStart(7)}  ${(read / 2 ** 20).toFixed(0).padStart(8)}  ${text}`)
