#!/usr/bin/env node
// Links this checkout's own command into node_modules/.bin (run by `prepare`, after `npm ci`): npm
// links its dependencies' commands there but not the project's own, so `npx awareness` would
// otherwise install the checkout into npm's cache, building it all again, before it ran.
import { chmodSync, mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../node_modules/.bin/', import.meta.url))
mkdirSync(bin, { recursive: true })
const link = `${bin}awareness`
rmSync(link, { force: true })
symlinkSync('../../bin/awareness.js', link)
chmodSync(fileURLToPath(new URL('../bin/awareness.js', import.meta.url)), 0o755)
