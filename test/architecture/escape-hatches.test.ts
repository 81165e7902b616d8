// The tenancy has no way around it (src/access.ts): route code never holds the database (what it
// needs of the key's reach comes from `keyRowsOf(request)`), and only paging builds a statement's
// shape from a marker in place of a granted workspace.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { test } from 'node:test'
import { ROOT } from '../helpers/root.js'
import { modules } from './modules.js'

const SRC = resolve(ROOT, 'src')
const sources = () =>
  modules(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }))

test("no resource's code reaches the API's database handle", () => {
  const reaching = sources()
    .filter(({ path }) => path.startsWith('resources/'))
    .flatMap(({ path, text }) =>
      [...text.matchAll(/\bapi\.db\b|\bserver\.api\b|\bapp\.api\b/g)].map((m) => `${path}: ${m[0]}`),
    )
  assert.deepEqual(reaching, [])
})

test('only paging builds workspace rows from a marker', () => {
  const users = sources()
    .filter(({ path, text }) => path !== 'access.ts' && /\bworkspaceRowsMarked\b/.test(text))
    .map(({ path }) => path)
  assert.deepEqual(users, ['paging/keyset.ts'])
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
