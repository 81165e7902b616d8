#!/usr/bin/env node
// Builds what the server and the command run: the client package, then src/ into dist/. Only what
// changed is built again: tsc's build mode skips a project whose outputs are newer than its inputs
// (so `npm start` after `npm ci`, whose prepare built, compiles nothing), and what a deleted or
// renamed source left in dist/ is removed, as a clean build would.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const tsc = join(root, 'node_modules/typescript/bin/tsc')
const built = spawnSync(
  process.execPath,
  [tsc, '-b', 'packages/client/tsconfig.json', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
if (built.status !== 0) process.exit(built.status ?? 1)

/** The source a file of dist/ was compiled from: `cli/main.js` and its map and declaration from `cli/main.ts`. */
const OUTPUT = /\.(js|js\.map|d\.ts|d\.ts\.map)$/
const dist = join(root, 'dist')
function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      prune(path)
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true })
    } else if (OUTPUT.test(entry.name)) {
      const source = join(root, 'src', relative(dist, path).replace(OUTPUT, '.ts'))
      if (!existsSync(source)) rmSync(path)
    }
  }
}
if (existsSync(dist)) prune(dist)
