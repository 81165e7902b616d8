#!/usr/bin/env node
// Import throughput and memory: generates demo datasets (one workspace) of the given sizes, imports
// each into a fresh SQLite file (and PostgreSQL when TEST_DATABASE_URL is set) in a child process,
// and reports records/s and the child's peak RSS. Usage: node scripts/bench-import.js [100000 1000000]
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0)
if (sizes.length === 0) sizes.push(100_000, 1_000_000)
const dir = '.bench'
mkdirSync(dir, { recursive: true })

function run(args) {
  // The child reports its own peak RSS (maxRSS is in KiB).
  const code = `const { main } = await import('./dist/cli/main.js');
    const exit = await main(${JSON.stringify(['node', 'awareness', ...args])});
    process.stderr.write('\\nBENCH ' + JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS }) + '\\n');
    process.exit(exit)`
  const started = performance.now()
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  })
  const seconds = (performance.now() - started) / 1000
  if (result.status !== 0) throw new Error(`awareness ${args.join(' ')} failed:\n${result.stderr}`)
  const bench = JSON.parse(/BENCH (.*)/.exec(result.stderr)[1])
  return { seconds, rssMiB: bench.maxRssKiB / 1024, stdout: result.stdout }
}

const rows = []
for (const employees of sizes) {
  const file = join(dir, `demo-${employees}.ndjson`)
  if (!existsSync(file)) {
    const generated = run([
      'demo-data',
      '--employees',
      String(employees),
      '--workspaces',
      '1',
      '--seed',
      '1',
      '--anchor',
      '2026-11-01',
      '--out',
      file,
    ])
    console.error(
      `generated ${file} (${(statSync(file).size / 1e6).toFixed(0)} MB) in ${generated.seconds.toFixed(1)} s`,
    )
  }
  const targets = [['sqlite', join(dir, `import-${employees}.db`)]]
  if (process.env.TEST_DATABASE_URL) targets.push(['postgres', process.env.TEST_DATABASE_URL])
  for (const [dialect, url] of targets) {
    if (dialect === 'sqlite') for (const suffix of ['', '-wal', '-shm']) rmSync(url + suffix, { force: true })
    else
      spawnSync('psql', [url, '-qc', 'drop schema public cascade; create schema public'], { stdio: 'ignore' })
    const result = run(['import', file, '--database', url])
    const records = Number(/imported ([\d,]+) records/.exec(result.stdout)[1].replaceAll(',', ''))
    const inner = Number(/ in ([\d.]+) s/.exec(result.stdout)[1])
    rows.push({
      dialect,
      employees,
      records,
      seconds: inner,
      recordsPerSecond: Math.round(records / inner),
      peakRssMiB: Math.round(result.rssMiB),
    })
    console.error(result.stdout.trim())
  }
}
console.log('\n| database | employees | records | seconds | records/s | peak RSS (MiB) |')
console.log('|---|---:|---:|---:|---:|---:|')
for (const r of rows) {
  console.log(
    `| ${r.dialect} | ${r.employees.toLocaleString('en-US')} | ${r.records.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${r.recordsPerSecond.toLocaleString('en-US')} | ${r.peakRssMiB} |`,
  )
}
