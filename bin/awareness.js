#!/usr/bin/env node
// Runs the compiled CLI (dist/ is built by `npm ci` through the prepare script, and by `npm start`).
import { main } from '../dist/cli/main.js'

// A reader that stops early (`awareness --help | head`) closes the pipe: that ends the output, as
// it does for any command-line tool, not the program with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(process.exitCode ?? 0)
})

process.exitCode = await main(process.argv)
