// What a command loads before it works, which is most of its start: an administrative command
// (keys, organizations, webhooks) on a schema up to date loads the database layer and its own module,
// not the migrations, the importer, the resources or the schema library (the README's commands start
// within 2 s, `npx` included).

import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import { sql } from 'kysely'
import { runCli } from '../helpers/cli.js'
import { freshDatabase, type TestDatabase } from '../helpers/databases.js'
import { ROOT_URL } from '../helpers/root.js'

let dir: string
/** A database whose schema is up to date (a copy of the template). */
let upToDate: TestDatabase
let database: string

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'awareness-startup-'))
  upToDate = await freshDatabase('sqlite')
  database = upToDate.url
})
after(async () => {
  await upToDate?.drop()
  rmSync(dir, { recursive: true, force: true })
})

/** The modules `awareness ...args` loads, by URL (a resolve hook writes each to a file). */
async function loadsOf(args: string[]): Promise<string[]> {
  const log = join(dir, `${args.join('-')}.txt`)
  const hooks = join(dir, 'hooks.mjs')
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs'
     export async function resolve(specifier, context, next) {
       const result = await next(specifier, context)
       appendFileSync(process.env.LOADS_LOG, result.url + '\\n')
       return result
     }`,
  )
  const prelude = join(dir, 'prelude.mjs')
  writeFileSync(
    prelude,
    `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(hooks).href)})\n`,
  )
  const result = await runCli([...args, '--database', database], {
    env: { NODE_OPTIONS: `--import ${pathToFileURL(prelude).href}`, LOADS_LOG: log },
  })
  assert.equal(result.code, 0, result.stderr)
  return [...new Set(readFileSync(log, 'utf8').trim().split('\n'))]
}

for (const args of [
  ['keys', 'list'],
  ['organizations', 'list'],
  ['webhooks', 'list'],
])
  test(`${args.join(' ')} on a schema up to date loads neither the migrations, the importer, the resources nor TypeBox`, async () => {
    const loads = await loadsOf(args)
    assert.ok(
      loads.some((url) => url.includes('/node_modules/kysely/')),
      'the database layer is loaded (the hook sees what it should)',
    )
    const heavy = loads.filter((url) =>
      /\/(migrations|importer|resources)\/|\/node_modules\/typebox\/|\/node_modules\/fastify\//.test(url),
    )
    assert.deepEqual(heavy, [])
  })

test('on a new database, an administrative command makes the schema first', async () => {
  const fresh = join(dir, 'fresh.db')
  const listed = await runCli(['keys', 'list', '--database', fresh])
  assert.equal(listed.code, 0, listed.stderr)
  const folder = readdirSync(new URL('src/db/migrations/', ROOT_URL))
    .filter((f) => /^\d{4}_\w+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
  assert.deepEqual(await migrationsOf(fresh), folder.sort())
})

test('a database a newer release migrated is refused, as the migrator refuses it', async () => {
  const newer = await freshDatabase('sqlite')
  try {
    await sql`insert into kysely_migration (name, timestamp) values (${'9999_a_newer_release'}, ${new Date().toISOString()})`.execute(
      newer.handle.db,
    )
    const listed = await runCli(['keys', 'list', '--database', newer.url])
    assert.equal(listed.code, 1)
    assert.match(listed.stderr, /previously executed migration 9999_a_newer_release is missing/)
  } finally {
    await newer.drop()
  }
})

async function migrationsOf(file: string): Promise<string[]> {
  const db = new Database(file, { readonly: true })
  try {
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    )
  } finally {
    db.close()
  }
}
