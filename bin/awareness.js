#!/usr/bin/env node
// Runs the compiled CLI (dist/ is built by `npm ci` through the prepare script, and by `npm start`).
import { main } from '../dist/cli/main.js'

process.exitCode = await main(process.argv)
