// Where an import's time goes, statement by statement: runs one import with the session's trace
// hook and charges each statement with the time until the next one starts (the statements run one
// after another on one connection; while reading, a staging insert is also charged with the wait for
// the reading thread's next batch). Prints the phases, then the slowest statements.
// Run: node --import tsx scripts/trace-import.ts DATABASE FILE [TOP]
// (an empty DATABASE measures a first import; the same file again, an unchanged re-import)
import { fileSource } from '../src/cli/commands/import.js'
import { openDatabase } from '../src/db/connection.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { importSources } from '../src/importer/import.js'

const [database, file, top = '25'] = process.argv.slice(2)
if (!database || !file) {
  console.error('usage: node --import tsx scripts/trace-import.ts DATABASE FILE [TOP]')
  process.exit(2)
}
const handle = openDatabase(database)
await migrateToLatest(handle)
const spent = new Map<string, number>()
let current = '(before the first statement)'
let since = performance.now()
const charge = (next: string) => {
  const now = performance.now()
  const text = current.replace(/\s+/g, ' ').trim().slice(0, 200)
  spent.set(text, (spent.get(text) ?? 0) + now - since)
  current = next
  since = now
}
handle.trace = charge
const summary = await importSources(handle, [fileSource(file)])
charge('')
await handle.close()
console.log(
  `${summary.seconds.toFixed(2)} s: ${summary.phases.map((p) => `${p.phase} ${p.seconds.toFixed(2)}`).join(', ')}`,
)
console.log('the last statement is charged with the commit, which runs untraced')
for (const [text, ms] of [...spent].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`${ms.toFixed(0).padStart(7)} ms  ${text}`)
