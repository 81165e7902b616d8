// The client package stands alone: it imports nothing outside its folder (no server module, no
// dependency), and the version it sends in its User-Agent is its package's.

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { test } from 'node:test'
import { VERSION } from '@awareness-api/client'
import { ROOT } from '../helpers/root.js'

const PACKAGE = resolve(ROOT, 'packages/client')

test('packages/client/src imports only its own modules', () => {
  const wrong: string[] = []
  for (const file of readdirSync(join(PACKAGE, 'src'))) {
    // Comment lines hold examples of an integrator's imports, not this package's.
    const code = readFileSync(join(PACKAGE, 'src', file), 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '')
    for (const [, from, bare, dynamic] of code.matchAll(
      /\bfrom\s+'([^']+)'|^import\s+'([^']+)'|\bimport\(\s*'([^']+)'/gm,
    )) {
      const specifier = from ?? bare ?? dynamic ?? ''
      if (!specifier.startsWith('./') || specifier.includes('/', 2)) wrong.push(`${file}: ${specifier}`)
    }
  }
  assert.deepEqual(wrong, [])
})

test('the version in the User-Agent is the package version', () => {
  const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'))
  assert.equal(VERSION, manifest.version)
})
