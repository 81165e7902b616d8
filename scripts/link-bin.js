#!/usr/bin/env node
// Links this checkout's own command into node_modules/.bin (run by `prepare`, after `npm ci`): npm
// links its dependencies' commands there but not the project's own, so `npx awareness` would
// otherwise install the checkout into npm's cache, building it all again, before it ran.
import { chmodSync, existsSync, mkdirSync, rmSync, symlinkSync, utimesSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../node_modules/.bin/', import.meta.url))
mkdirSync(bin, { recursive: true })
const link = `${bin}awareness`
rmSync(link, { force: true })
symlinkSync('../../bin/awareness.js', link)
chmodSync(fileURLToPath(new URL('../bin/awareness.js', import.meta.url)), 0o755)

// npm keeps the installed tree in node_modules/.package-lock.json and trusts it only while no package
// folder is newer. The build just wrote the client's dist/ into packages/client, which makes it older,
// and then every `npx awareness` walks all of node_modules again. The build
// changed no dependency: the record is current.
const hidden = fileURLToPath(new URL('../node_modules/.package-lock.json', import.meta.url))
if (existsSync(hidden)) {
  const now = new Date()
  utimesSync(hidden, now, now)
}
