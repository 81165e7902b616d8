// One presenter (CONTRACT 19, docs/design.md): a reader's privacy is applied to an answer that leaves
// by privacy/present.ts alone. The walks it applies are compiled in privacy/; besides it, only the
// caches and reads that the presenter's rules stand behind may walk an answer themselves, each named
// here with why: a new door that walks people on its own fails this test, not a review.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { test } from 'node:test'
import { ROOT } from '../helpers/root.js'
import { modules } from './modules.js'

const SRC = resolve(ROOT, 'src')

const WALKING_BESIDE_THE_PRESENTER: Record<string, string> = {
  // The walk of an event, composed from its type's object walk (the presenter applies it).
  'resources/events/people.ts': 'composes the events walk',
  // The pseudonymous renderings kept at import (a cache, held equal to the walk by kept.test.ts).
  'resources/employees/pseudonyms.ts': 'renders the kept pseudonymous employees',
  // An aggregate page's read: the breakdown's layout needs its members (privacy/aggregate's rules).
  'resources/reports/aggregate.ts': "applies section 19 to an aggregate breakdown's rows",
}

test("only the presenter applies a walk to an answer (a walk's hide is called nowhere else)", () => {
  const walking = modules(SRC)
    .map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }))
    .filter(({ path, text }) => !path.startsWith('privacy/') && /\.hide\(/.test(text))
    .map(({ path }) => path)
  assert.deepEqual(walking.sort(), Object.keys(WALKING_BESIDE_THE_PRESENTER).sort())
})

test('the engines and doors decide what a reader sees through the presenter', () => {
  for (const door of [
    'routing/list.ts',
    'routing/item.ts',
    'resources/employees/routes.ts',
    'resources/events/people.ts',
  ]) {
    const text = readFileSync(resolve(SRC, door), 'utf8')
    assert.match(text, /from '[./]+\/privacy\/present\.js'/, `${door} does not use the presenter`)
    assert.match(text, /\breaderOf\(/, `${door} does not make its reader by readerOf`)
  }
})
