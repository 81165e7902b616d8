#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's test runner (Node 20 has no glob support in --test).
// Usage: node scripts/run-tests.js [path-substring...]
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return find(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const filters = process.argv.slice(2)
const files = find('test')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()
if (files.length === 0) {
  console.error('no test files match')
  process.exit(1)
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
