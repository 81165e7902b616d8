#!/usr/bin/env node
// Runs the test suite under another major version of Node (default 24), taken from the registry's
// `node` package into a folder of its own (never over the system Node). The project is copied next
// to it and its native module (better-sqlite3) rebuilt against that Node's headers, with npm's own
// node-gyp (no download). CI runs it for Node 24: better-sqlite3 12 can abort a process there (see
// src/db/sqlite-statements.ts), which no test on Node 20 would show.
//
// Usage: node scripts/test-on-node.js [major] [path-substring...]   (after npm run build)
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const major = process.argv[2] ?? '24'
const filters = process.argv.slice(3)
if (!/^\d+$/.test(major)) {
  console.error(`test-on-node: "${major}" is not a major version`)
  process.exit(2)
}
const ROOT = resolve('.')
const nodeHome = `/tmp/awareness-node${major}-bin`
const nodeDir = join(nodeHome, `node_modules/node/node_modules/node-${process.platform}-${process.arch}`)
const nodeBin = join(nodeDir, 'bin/node')
if (!existsSync(nodeBin)) {
  console.error(`installing Node ${major} from the registry's node package into ${nodeHome}`)
  mkdirSync(nodeHome, { recursive: true })
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', nodeHome, `node@${major}`],
    {
      stdio: 'inherit',
    },
  )
}
const version = execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim()

// A fresh copy each run: the sources, the build and the dependencies as they are now.
const dir = `/tmp/awareness-test-node${major}`
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })
for (const entry of [
  'package.json',
  // Where the tests find the repository's root (test/helpers/root.ts).
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.test.json',
  'packages',
  'openapi.json',
  'postman',
  'sql',
  '.spectral.yaml',
  // The style the generated files are formatted in (their drift tests format what they generate).
  'biome.json',
  '.gitignore',
  'bin',
  'dist',
  'scripts',
  'src',
  'test',
  // The generators the drift tests compare with (tsconfig.test.json compiles them).
  'tools',
  'node_modules',
])
  cpSync(join(ROOT, entry), join(dir, entry), { recursive: true })
const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim()
console.error(`rebuilding better-sqlite3 for Node ${version}`)
execFileSync(
  nodeBin,
  [
    join(npmRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js'),
    'rebuild',
    '--loglevel=error',
    `--nodedir=${nodeDir}`,
  ],
  {
    cwd: join(dir, 'node_modules/better-sqlite3'),
    stdio: ['ignore', 'ignore', 'inherit'],
    // Under `npm run`, a `nodedir` from the user's npmrc arrives as npm_config_nodedir and would win
    // over the flag (building for the system Node's headers).
    env: { ...process.env, npm_config_nodedir: nodeDir },
  },
)

console.error(`tests on Node ${version}`)
const result = spawnSync(nodeBin, ['scripts/run-tests.js', ...filters], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${dirname(nodeBin)}:${process.env.PATH}` },
})
process.exit(result.status ?? 1)
