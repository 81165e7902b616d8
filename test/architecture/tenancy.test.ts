// The tenancy is in the types (src/access.ts): tenancy.types.ts holds statements that must not
// compile, each under a `@ts-expect-error`. One compile checks both halves: the file as written has
// no error (each refusal still happens), and a copy without its directives has an error on exactly
// the line after each one (each refusal is of that statement, not of something near it).

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { ROOT } from '../helpers/root.js'

const TYPES = join(ROOT, 'test/architecture/tenancy.types.ts')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

test('a statement not begun from a grant or a verified key does not compile', {
  timeout: 180_000,
}, async () => {
  const text = readFileSync(TYPES, 'utf8')
  const lines = text.split('\n')
  const refused = lines.flatMap((line, i) => (line.trim().startsWith('// @ts-expect-error') ? [i + 1] : []))
  assert.ok(refused.length >= 8, 'the refusals are there')
  // Inside the checkout, so that the copy resolves packages as the original does; kept between runs
  // with the compiler's incremental state, so that a later run checks again only what changed.
  const dir = join(ROOT, 'build/tenancy-types')
  mkdirSync(dir, { recursive: true })
  // The copy keeps its lines where they were (a directive becomes an empty comment) and imports
  // the same modules.
  const copy = join(dir, 'unchecked.ts')
  writeFileSync(
    copy,
    lines
      .map((line) => (line.trim().startsWith('// @ts-expect-error') ? '//' : line))
      .join('\n')
      .replaceAll("'../../src/", `'${ROOT}/src/`),
  )
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: {
        noEmit: true,
        rootDir: '/',
        incremental: true,
        tsBuildInfoFile: join(dir, '.tsbuildinfo'),
      },
      include: [join(ROOT, 'src'), TYPES, copy],
    }),
  )
  const output = await promisify(execFile)(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  )
  const errors = [...output.matchAll(/^(.+?)\((\d+),\d+\): error/gm)].map((m) => ({
    file: m[1] as string,
    line: Number(m[2]),
  }))
  assert.deepEqual(
    errors.filter((e) => !e.file.endsWith('unchecked.ts')),
    [],
    `tenancy.types.ts compiles as written:\n${output}`,
  )
  // Line numbers count from 1: the statement after the directive at index i is line i + 2.
  const failing = new Set(errors.map((e) => e.line))
  assert.deepEqual(
    refused.map((i) => i + 1).filter((line) => !failing.has(line)),
    [],
    `every refused statement has its error in the copy:\n${output}`,
  )
})
