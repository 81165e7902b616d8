import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The package.json above this module: dist/ and the tests' build/ sit at different depths. */
function manifest(): { version: string } {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string }
      if (parsed.name === 'awareness-api') return parsed
    }
    if (dirname(dir) === dir) throw new Error('awareness-api: its package.json was not found')
  }
}

/** This package's version (package.json), read once. */
export const PACKAGE_VERSION: string = manifest().version
