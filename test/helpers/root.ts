// The repository's root. Tests run from the build (build/test/…) and, one by one, from the sources
// through tsx: a path to one of the repository's files is taken from here, never from a test's own
// location, so that it names the same file either way.

import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

function rootAbove(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package-lock.json'))) return at
    if (dirname(at) === at) throw new Error(`test/helpers/root: no package-lock.json above ${dir}`)
  }
}

/** The repository's root folder. */
export const ROOT = rootAbove(import.meta.dirname)

/** The root as a file URL, ending with a slash: `new URL('docs/x.md', ROOT_URL)`. */
export const ROOT_URL = pathToFileURL(`${ROOT}/`)

/**
 * The extension of the modules beside this one: `.js` when the tests run from the build, `.ts` from
 * the sources. A module loaded by path (each resource's tables, cases, records) is named with it.
 */
export const MODULE_EXTENSION = import.meta.url.endsWith('.js') ? '.js' : '.ts'
