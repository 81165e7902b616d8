// The statements that read pseudonyms (CONTRACT 19) seek each employee, on SQLite too, which keeps
// no statistics: a page's pseudonyms by their ids, and a path's pseudonym, each through an index
// that matches every condition, never a walk through the whole workspace by another index.
// The statements are the committed snapshot's (sql/sqlite/api.sql), as the service runs them.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import Database from 'better-sqlite3'
import { freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { ROOT_URL } from '../helpers/root.js'

const SNAPSHOT = readFileSync(new URL('sql/sqlite/api.sql', ROOT_URL), 'utf8')

/** The statement the snapshot records under `label`. */
function statement(label: string): string {
  const at = SNAPSHOT.indexOf(`-- ${label}\n`)
  assert.ok(at >= 0, `${label} in sql/sqlite/api.sql`)
  return SNAPSHOT.slice(at + label.length + 4).split(';\n')[0] as string
}

let db: TestDatabase
before(async () => {
  db = await freshDatabase('sqlite')
})
after(() => db?.drop())

const EXPECTED: [string, RegExp][] = [
  [
    'employees.sql:pseudonyms: two employees',
    /INDEX employees_pseudonymous_by_id \(workspace_id=\? AND id=\?\)/,
  ],
  [
    'employees.sql:idOfPseudonym',
    /INDEX employees_pseudonymous_by_pseudonym \(pseudonym=\? AND workspace_id=\?\)/,
  ],
  [
    'employees.sql:findPseudonymous: an organization key',
    /INDEX employees_pseudonymous_by_pseudonym \(pseudonym=\?\)/,
  ],
]

for (const [label, plan] of EXPECTED)
  test(`${label}: each employee sought by an index matching every condition`, () => {
    const raw = new Database(db.url, { readonly: true })
    try {
      // A page's worth of ids (a page names up to twice its items): with two, any index would do.
      const text = statement(label).replace('in (?, ?)', `in (${Array(100).fill('?').join(', ')})`)
      const parameters = Array.from(text.matchAll(/\?/g), () => 'x')
      const rows = raw.prepare(`explain query plan ${text}`).all(...parameters) as { detail: string }[]
      const employees = rows.map((r) => r.detail).find((d) => d.includes(' p USING'))
      assert.match(String(employees), plan, JSON.stringify(rows))
    } finally {
      raw.close()
    }
  })
