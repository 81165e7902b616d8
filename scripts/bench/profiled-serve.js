#!/usr/bin/env node
// `awareness serve` with a CPU profiler the benchmark switches on and off (never used in
// production): SIGUSR2 starts sampling, the next SIGUSR2 stops it and writes the profile to
// PROFILE_FILE, so that a profile holds the load alone, not the start or the cursor walks.
//
// Usage: PROFILE_FILE=out.cpuprofile [PROFILE_INTERVAL_US=100] node profiled-serve.js CWD
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'

const cwd = process.argv[2]
const session = new Session()
session.connect()
let profiling = false
process.on('SIGUSR2', async () => {
  if (!profiling) {
    profiling = true
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', {
      interval: Number(process.env.PROFILE_INTERVAL_US ?? 100),
    })
    await session.post('Profiler.start')
    process.stderr.write('PROFILE started\n')
    return
  }
  profiling = false
  const { profile } = await session.post('Profiler.stop')
  writeFileSync(process.env.PROFILE_FILE, JSON.stringify(profile))
  process.stderr.write('PROFILE written\n')
})
const { main } = await import(join(cwd, 'dist/cli/main.js'))
process.exitCode = await main(['node', 'awareness', 'serve'])
