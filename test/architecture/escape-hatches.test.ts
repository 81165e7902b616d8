// The tenancy has no way around it (src/access.ts): route code never holds the database (its types
// say so: tenancy.types.ts; what it needs of the key's reach comes from `keyRowsOf(request)`), only
// the engines ask where reads go, and no key scope or grant is made by a cast.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { test } from 'node:test'
import { ROOT } from '../helpers/root.js'
import { modules } from './modules.js'

const SRC = resolve(ROOT, 'src')
const sources = () =>
  modules(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }))

test("only the engines that begin a request's statements ask where the reads go (routing/reads.ts)", () => {
  const asking = sources()
    .filter(
      ({ path, text }) => path !== 'routing/reads.ts' && /from '[./]+\/?(routing\/)?reads\.js'/.test(text),
    )
    .map(({ path }) => path)
  assert.deepEqual(asking.sort(), [
    'http/health.ts',
    'http/plugins/api-context.ts',
    'routing/item.ts',
    'routing/list.ts',
    'routing/operation.ts',
  ])
})

test('no module but the access check makes a key scope by a cast', () => {
  const casting = sources()
    .filter(({ path, text }) => path !== 'access.ts' && /\bas KeyScope\b/.test(text))
    .map(({ path }) => path)
  assert.deepEqual(casting, [])
})

test('a grant is made by the access check alone: no other module casts a value to one', () => {
  const test = modules(resolve(ROOT, 'test')).map((path) => ({
    path: relative(ROOT, path),
    text: readFileSync(path, 'utf8'),
  }))
  const casting = [...sources().map(({ path, text }) => ({ path: `src/${path}`, text })), ...test]
    .filter(({ path, text }) => path !== 'src/access.ts' && /\bas WorkspaceGrant\b/.test(text))
    .map(({ path }) => path)
  assert.deepEqual(casting, [])
})
