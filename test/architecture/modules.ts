// The TypeScript modules under a folder, for the tests that read the source's layout.

import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Every .ts file under `dir`, its subfolders included. */
export function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? modules(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  )
}
