// What the repository commits for users to read (the OpenAPI document, the clients, Postman, the SQL
// snapshots, src/domain/scopes.ts, …) is generated in tools/ and written by scripts/: a test helper
// that wrote production code or a published file would hide it from the layers test and from a
// reviewer reading src/ and tools/.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { test } from 'node:test'
import { ROOT } from '../helpers/root.js'
import { modules } from './modules.js'

const HELPERS = resolve(ROOT, 'test/helpers')
const TOOLS = resolve(ROOT, 'tools')

/** Relative imports of a module, resolved to the sources they name. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  const found = [...text.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)].map((m) => m[1] as string)
  return found.map((specifier) => resolve(dirname(path), specifier).replace(/\.js$/, '.ts'))
}

test('no test helper writes a file: what is committed is generated in tools/', () => {
  const writers = modules(HELPERS).filter((path) =>
    /\b(writeFileSync|writeFile|createWriteStream|appendFileSync|copyFileSync)\b/.test(
      readFileSync(path, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, ''),
    ),
  )
  // The one exception writes its databases' templates into the test run's own scratch folder.
  assert.deepEqual(
    writers.map((path) => relative(ROOT, path)),
    ['test/helpers/databases.ts'],
  )
  const databases = readFileSync(resolve(HELPERS, 'databases.ts'), 'utf8')
  assert.doesNotMatch(databases, /\bROOT/, 'it names no file of the repository')
})

test('the writers of committed files take their generators from tools/, never from test/helpers', () => {
  const writers = ['scripts/write-openapi.ts', 'scripts/write-sql.ts'].map((p) => resolve(ROOT, p))
  for (const writer of writers) {
    const generators = importsOf(writer).filter((target) => !target.startsWith(resolve(ROOT, 'src')))
    assert.ok(generators.length > 0, relative(ROOT, writer))
    for (const target of generators)
      assert.ok(target.startsWith(TOOLS), `${relative(ROOT, writer)} imports ${relative(ROOT, target)}`)
  }
})

test('the generators are in tools/ and no test helper imports one, except for a fixture path', () => {
  const generating = modules(HELPERS).filter((path) =>
    /export (async )?function generate[A-Z]/.test(readFileSync(path, 'utf8')),
  )
  assert.deepEqual(generating, [], 'a generate… function belongs in tools/')
  for (const path of modules(HELPERS))
    for (const target of importsOf(path).filter((t) => t.startsWith(TOOLS)))
      assert.equal(
        `${relative(ROOT, path)} → ${relative(ROOT, target)}`,
        'test/helpers/ocsf.ts → tools/ocsf-schemas.ts',
      )
})
