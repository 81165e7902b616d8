// The tables the resources add to the Database type, read from their folders
// (src/resources/*/tables.ts): what a test that covers every table walks, with no list to keep.

import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ROOT } from './root.js'

const RESOURCES = resolve(ROOT, 'src/resources')

/** Each resource's tables, in the order its tables.ts declares them. */
export function resourceTables(): string[] {
  return readdirSync(RESOURCES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(RESOURCES, entry.name, 'tables.ts'))
    .sort()
    .flatMap((path) => {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch {
        return []
      }
      const block = /interface Database \{([^}]*)\}/.exec(text)?.[1] ?? ''
      return [...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1] as string)
    })
}
