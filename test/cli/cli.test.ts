// The command line (CONTRACT 13): exit codes, one-line failures, output formats.

import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { owned } from '../helpers/children.js'
import { CLI, runCli } from '../helpers/cli.js'
import { employee, ndjson, smallDataset } from '../helpers/records.js'
import { ROOT_URL } from '../helpers/root.js'

describe('awareness CLI', () => {
  let dir: string
  let database: string
  const d = smallDataset()
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'awareness-cli-'))
    database = join(dir, 'cli.db')
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('--help lists the commands and the environment variables', async () => {
    const result = await runCli(['--help'])
    assert.equal(result.code, 0)
    for (const word of ['serve', 'migrate', 'import', 'demo-data', 'keys', 'DATABASE_URL', 'RATE_LIMIT']) {
      assert.ok(result.stdout.includes(word), word)
    }
    const keys = await runCli(['keys', 'create', '--help'])
    assert.equal(keys.code, 0)
    assert.match(keys.stdout, /--expires-in/)
  })

  test('migrate creates the schema', async () => {
    const result = await runCli(['migrate', '--database', database])
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /schema is up to date/)
  })

  test('migrate keeps the periods of a workspace that lacks them, and says so once', async () => {
    const upgraded = join(dir, 'upgraded.db')
    const file = join(dir, 'upgraded.ndjson')
    writeFileSync(file, ndjson(d.all))
    assert.equal((await runCli(['import', file, '--database', upgraded])).code, 0)
    // The state a release that adds the kept table leaves: nothing kept for the workspace.
    const removed = spawnSync(process.execPath, [
      '-e',
      `new (require('better-sqlite3'))(${JSON.stringify(upgraded)}).exec('delete from period_statistics')`,
    ])
    assert.equal(removed.status, 0, String(removed.stderr))
    const first = await runCli(['migrate', '--database', upgraded])
    assert.equal(first.code, 0, first.stderr)
    assert.equal(first.stdout, 'schema is up to date\nkept what this release keeps of 1 workspace(s)\n')
    const again = await runCli(['migrate', '--database', upgraded])
    assert.equal(again.stdout, 'schema is up to date\n')
  })

  test('import prints a one-line summary with counts per type', async () => {
    const file = join(dir, 'data.ndjson.gz')
    writeFileSync(file, gzipSync(ndjson(d.all)))
    const result = await runCli(['import', file, '--database', database])
    assert.equal(result.code, 0, result.stderr)
    assert.match(
      result.stdout,
      /^imported 12 records \(organization 1, workspace 1, employee 2, .*\) in [\d.]+ s: 12 written, 0 deleted; 8 events recorded\n$/,
    )
  })

  test('counts name their noun in the right number: one record, one event', async () => {
    const file = join(dir, 'one.ndjson')
    writeFileSync(file, ndjson([d.org]))
    const result = await runCli(['import', file, '--database', join(dir, 'one.db')])
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /^imported 1 record \(organization 1\) in [\d.]+ s: 1 written, 0 deleted\n$/)
  })

  test('import --timings adds the seconds of every phase, in the order they ran', async () => {
    const file = join(dir, 'timed.ndjson')
    writeFileSync(file, ndjson(d.all))
    const result = await runCli(['import', file, '--timings', '--database', join(dir, 'timed.db')])
    assert.equal(result.code, 0, result.stderr)
    const [summary, phases] = result.stdout.trimEnd().split('\n')
    assert.match(summary ?? '', /^imported 12 records/)
    const named = [...(phases ?? '').matchAll(/(?:^phases: |, )([a-z ]+) (\d+\.\d\d) s/g)]
    assert.deepEqual(
      named.map((m) => m[1]),
      [
        'read',
        'check',
        'compare',
        'renderings before',
        'merge',
        'derive',
        'progress items',
        'events',
        'commit',
      ],
      phases,
    )
    // The phases cover the whole import: their sum is its time, to the printed rounding.
    const total = Number(/ in ([\d.]+) s:/.exec(summary ?? '')?.[1])
    const sum = named.reduce((s, m) => s + Number(m[2]), 0)
    assert.ok(Math.abs(sum - total) <= 0.01 * named.length + 0.01, `${sum} vs ${total}`)
  })

  // The built program, not the sources: from the sources (through tsx) the import's worker thread
  // starts another way. `npm ci` builds it.
  const built = fileURLToPath(new URL('dist/cli/main.js', ROOT_URL))
  test('the built import runs in a process started with flags a worker thread refuses (--input-type=module -e)', {
    skip: existsSync(built) ? false : 'dist/ is not built (npm run build)',
  }, () => {
    const file = join(dir, 'flags.ndjson')
    writeFileSync(file, ndjson(d.all))
    const args = ['node', 'awareness', 'import', file, '--database', join(dir, 'flags.db')]
    const code = `const { main } = await import(${JSON.stringify(pathToFileURL(built).href)}); process.exitCode = await main(${JSON.stringify(args)})`
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' })
    assert.equal(result.status, 0, result.stderr)
    assert.match(result.stdout, /12 written/)
  })

  const bin = fileURLToPath(new URL('bin/awareness.js', ROOT_URL))
  test('a reader that closes the pipe early (| head) ends the output quietly, exit 0', {
    skip: existsSync(built) ? false : 'dist/ is not built (npm run build)',
  }, async (t) => {
    const child = owned(spawn(process.execPath, [bin, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] }), t)
    child.stdout.destroy() // before the program writes a byte
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const code = await new Promise((resolve) => child.on('close', resolve))
    assert.deepEqual({ code, stderr }, { code: 0, stderr: '' })
  })

  test('import reads standard input with -', async () => {
    const result = await runCli(['import', '-', '--database', database], {
      input: ndjson([employee(d.ws.id as string)]),
    })
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /1 written/)
  })

  test('standard input that stays open: reading stops at the 100th error, without waiting for its end', async (t) => {
    const child = owned(
      spawn(process.execPath, [...CLI, 'import', '-', '--database', join(dir, 'open-stdin.db')], {
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
      t,
    )
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve))
    // Fewer lines than one read batch, and the pipe is never closed.
    child.stdin.write('{"type":"bogus"}\n'.repeat(1100))
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000).unref())
    const code = await Promise.race([closed, timeout])
    if (code === 'timeout') child.kill('SIGKILL')
    child.stdin.destroy()
    assert.equal(code, 1, 'exits with the refusal while its standard input is still open')
    assert.equal(stderr.split('\n').filter((l) => l.startsWith('-:')).length, 100)
    assert.match(stderr, /import refused: the first 100 errors found; nothing was written\n$/)
  })

  test('a refused import prints each error with its line, then one line, and exits non-zero', async () => {
    const file = join(dir, 'bad.ndjson')
    writeFileSync(
      file,
      ndjson([employee(d.ws.id as string), employee(d.ws.id as string, { status: 'gone' })]),
    )
    const result = await runCli(['import', file, '--database', database])
    assert.equal(result.code, 1)
    const lines = result.stderr.trim().split('\n')
    assert.match(
      lines[0] ?? '',
      new RegExp(`^${file.replaceAll('.', '\\.')}:2: employee\\.status: must be one of`),
    )
    assert.equal(lines.at(-1), 'awareness: import refused: 1 error found; nothing was written')
  })

  test('a missing file fails with one line', async () => {
    const result = await runCli(['import', join(dir, 'nope.ndjson'), '--database', database])
    assert.equal(result.code, 1)
    assert.match(result.stderr, /^awareness: cannot read .*nope\.ndjson: no such file\n$/)
  })

  test('a bad environment variable stops the command with a message naming it', async () => {
    const result = await runCli(['migrate', '--database', database], { env: { LOG_LEVEL: 'chatty' } })
    assert.equal(result.code, 1)
    assert.match(result.stderr, /^awareness: configuration: LOG_LEVEL: must be one of/)
  })

  test('usage errors are one line naming the problem and its help, nothing on stdout, exit 2', async () => {
    for (const [args, line] of [
      [['bogus'], "awareness: unknown command 'bogus' (see awareness --help)"],
      [['import', '--bogus', 'x'], "awareness: unknown option '--bogus' (see awareness import --help)"],
      [['import'], "awareness: missing required argument 'files' (see awareness import --help)"],
      [
        ['keys', 'create'],
        "awareness: required option '--organization <id>' not specified (see awareness keys create --help)",
      ],
      [
        ['export', 'employees', '--url', 'http://127.0.0.1:1', '--wrkspace', 'x'],
        "awareness: unknown option '--wrkspace'; did you mean --workspace? (see awareness export --help)",
      ],
    ] as const) {
      const result = await runCli([...args])
      assert.equal(result.code, 2, args.join(' '))
      assert.equal(result.stdout, '', args.join(' '))
      assert.equal(result.stderr, `${line}\n`)
    }
  })

  test('--version prints the version of the package', async () => {
    const result = await runCli(['--version'])
    assert.equal(result.code, 0)
    assert.match(result.stdout, /^\d+\.\d+\.\d+\n$/)
  })

  test('DATABASE_URL takes postgres:// or postgresql://, a file path or a file: URL, and refuses any other scheme', async () => {
    for (const url of ['mysql://x', 'postgre://u@h/db', 'sqlite3:data.db', 'postgresql:/h/db']) {
      const result = await runCli(['migrate'], { env: { DATABASE_URL: url } })
      assert.equal(result.code, 1, url)
      assert.match(result.stderr, /^awareness: configuration: DATABASE_URL: .*\n$/, url)
      assert.equal(result.stdout, '')
    }
    assert.equal(existsSync('mysql:'), false, 'no SQLite file named after the URL')
    const viaUrl = join(dir, 'file-url.db')
    const result = await runCli(['migrate'], { env: { DATABASE_URL: pathToFileURL(viaUrl).href } })
    assert.equal(result.code, 0, result.stderr)
    assert.ok(existsSync(viaUrl))
  })

  test('import --dry-run prints what would change per type and writes nothing; --replace prints it too', async () => {
    const base = join(dir, 'dry.db')
    const first = join(dir, 'dry-first.ndjson')
    writeFileSync(first, ndjson(d.all))
    assert.equal((await runCli(['import', first, '--database', base])).code, 0)
    const renamed = { ...(d.manager as object), name: 'Another Name' }
    const added = employee(d.ws.id as string)
    const next = join(dir, 'dry-next.ndjson')
    writeFileSync(next, ndjson([d.org, d.ws, renamed, added]))
    const dry = await runCli(['import', next, '--replace', '--dry-run', '--database', base])
    assert.equal(dry.code, 0, dry.stderr)
    const [summary, ...types] = dry.stdout.trimEnd().split('\n')
    assert.match(
      summary ?? '',
      /^dry run: 4 records \(.*\) checked in [\d.]+ s; 2 would be written, \d+ deleted; nothing was written$/,
    )
    assert.ok(types.includes('  employee: 1 created, 1 changed, 1 deleted'), types.join('\n'))
    // Nothing was written: the same dry run finds the same changes.
    const again = await runCli(['import', next, '--replace', '--dry-run', '--database', base])
    assert.deepEqual(again.stdout.trimEnd().split('\n').slice(1), types)
    const real = await runCli(['import', next, '--replace', '--database', base])
    assert.equal(real.code, 0, real.stderr)
    assert.ok(real.stdout.split('\n').includes('  employee: 1 created, 1 changed, 1 deleted'), real.stdout)
  })

  test('import --json prints the summary per type as one JSON object', async () => {
    const target = join(dir, 'json.db')
    const file = join(dir, 'json.ndjson')
    writeFileSync(file, ndjson(d.all))
    const first = await runCli(['import', file, '--json', '--database', target])
    assert.equal(first.code, 0, first.stderr)
    const summary = JSON.parse(first.stdout)
    assert.deepEqual(Object.keys(summary), [
      'dry_run',
      'changed',
      'as_of',
      'erased_skipped',
      'seconds',
      'types',
      'events',
      'phases',
    ])
    assert.match(summary.as_of, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    assert.equal(summary.dry_run, false)
    assert.equal(summary.changed, true)
    const employees = d.all.filter((r) => r.type === 'employee').length
    assert.deepEqual(summary.types.employee, { read: employees, created: employees, changed: 0, deleted: 0 })
    assert.equal(summary.events['employee.created'], employees)
    assert.ok(summary.phases.commit >= 0)
    // Without the employees (and what refers to them), --replace --dry-run says they would all be
    // deleted, and writes nothing.
    const rest = join(dir, 'json-rest.ndjson')
    const independent = new Set(['organization', 'workspace', 'course', 'breach'])
    writeFileSync(rest, ndjson(d.all.filter((r) => independent.has(r.type as string))))
    const dry = JSON.parse(
      (await runCli(['import', rest, '--replace', '--dry-run', '--json', '--database', target])).stdout,
    )
    assert.equal(dry.dry_run, true)
    assert.equal(dry.types.employee.deleted, employees)
    assert.deepEqual(dry.events, {})
    const again = JSON.parse((await runCli(['import', file, '--json', '--database', target])).stdout)
    assert.equal(again.changed, false)
    assert.deepEqual(again.types.employee, { read: employees, created: 0, changed: 0, deleted: 0 })
  })

  test('import --as-of: a timestamp or a date, kept as given; forward only, never in the future; a refusal writes nothing', async () => {
    const target = join(dir, 'as-of.db')
    const file = join(dir, 'as-of.ndjson')
    writeFileSync(file, ndjson(d.all))
    const at = async (asOf: string) =>
      runCli(['import', file, '--json', '--as-of', asOf, '--database', target])
    const first = await at('2026-02-01')
    assert.equal(first.code, 0, first.stderr)
    assert.equal(JSON.parse(first.stdout).as_of, '2026-02-01T00:00:00.000000Z')
    const same = await at('2026-02-01T00:00:00.000000Z')
    assert.equal(same.code, 0, same.stderr)
    const older = await at('2026-01-31T23:59:59.999999Z')
    assert.equal(older.code, 1)
    assert.match(
      older.stderr,
      /import refused: as_of 2026-01-31T23:59:59\.999999Z is before 2026-02-01T00:00:00\.000000Z, the latest import of workspace [0-9a-f-]{36}: load older exports oldest first; nothing was written\n$/,
    )
    const future = await at('2999-01-01')
    assert.equal(future.code, 1)
    assert.match(future.stderr, /as_of 2999-01-01T00:00:00\.000000Z is in the future/)
    const malformed = await at('last tuesday')
    assert.equal(malformed.code, 2)
    assert.match(malformed.stderr, /--as-of: "last tuesday" must be an RFC 3339 timestamp/)
    const later = await at('2026-03-01')
    assert.equal(later.code, 0, later.stderr)
  })

  test('IMPORT_MAX_BYTES bounds what import reads, once decompressed', async () => {
    const file = join(dir, 'bounded.ndjson.gz')
    writeFileSync(file, gzipSync(ndjson(d.all)))
    const target = join(dir, 'bounded.db')
    const refused = await runCli(['import', file, '--database', target], {
      env: { IMPORT_MAX_BYTES: '1KiB' },
    })
    assert.equal(refused.code, 1)
    assert.match(refused.stderr, /bounded\.ndjson\.gz:\d+: the input is larger than IMPORT_MAX_BYTES/)
    assert.match(refused.stderr, /awareness: import refused: 1 error found; nothing was written\n$/)
    const fits = await runCli(['import', file, '--database', target], { env: { IMPORT_MAX_BYTES: '1MiB' } })
    assert.equal(fits.code, 0, fits.stderr)
  })

  test('keys create prints the key alone; --json prints the documented fields; list never shows it', async () => {
    const plain = await runCli([
      'keys',
      'create',
      '--organization',
      d.org.id as string,
      '--database',
      database,
    ])
    assert.equal(plain.code, 0, plain.stderr)
    // What was created, then the key alone on the last line (`| tail -1` scripts take it).
    const lines = plain.stdout.trimEnd().split('\n')
    assert.match(lines.at(-1) as string, /^wsa_[0-9A-Za-z]{38}$/)
    assert.match(plain.stdout, /^id {7}[0-9a-f-]{36}\nname {5}api key\nscopes {3}\S+\nexpires {2}never\n/)
    assert.ok(
      lines.slice(0, -1).every((l) => !l.includes('wsa_')),
      'the key is printed once',
    )

    const json = await runCli([
      'keys',
      'create',
      '--organization',
      d.org.id as string,
      '--workspace',
      d.ws.id as string,
      '--scopes',
      'breaches:read,awareness:read',
      '--expires-in',
      '90d',
      '--rate-limit',
      '1200/60s',
      '--name',
      'splunk',
      '--allow-from',
      '203.0.113.77/24,::ffff:192.0.2.1',
      '--not-before',
      '2026-01-01',
      '--json',
      '--database',
      database,
    ])
    assert.equal(json.code, 0, json.stderr)
    const created = JSON.parse(json.stdout)
    assert.deepEqual(Object.keys(created), [
      'id',
      'key',
      'organization_id',
      'workspace_id',
      'scopes',
      'expires_at',
      'allow_from',
      'not_before',
      'privacy',
      'min_group_size',
    ])
    assert.deepEqual([created.privacy, created.min_group_size], ['identified', null])
    assert.deepEqual(created.allow_from, ['203.0.113.0/24', '192.0.2.1/32'], 'canonical ranges')
    assert.equal(created.not_before, '2026-01-01T00:00:00.000000Z')
    assert.deepEqual(created.scopes, ['breaches:read', 'awareness:read'])
    assert.equal(created.workspace_id, d.ws.id)
    assert.match(created.expires_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)

    const list = await runCli(['keys', 'list', '--json', '--database', database])
    assert.equal(list.code, 0)
    assert.ok(!list.stdout.includes(plain.stdout.trim()))
    assert.ok(!list.stdout.includes(created.key))
    assert.equal(JSON.parse(list.stdout).length, 2)
    const splunk = JSON.parse(list.stdout).find((k: { id: string }) => k.id === created.id)
    assert.deepEqual([splunk.allow_from, splunk.not_before], [created.allow_from, created.not_before])
    const table = (await runCli(['keys', 'list', '--database', database])).stdout
    assert.match(table.split('\n')[0] as string, /STATE +NOT BEFORE +EXPIRES +ALLOWED FROM +LAST USED/)
    assert.match(
      table,
      new RegExp(`${created.id} .* 2026-01-01 00:00Z .* 203\\.0\\.113\\.0/24,192\\.0\\.2\\.1/32 `),
    )

    // keys update: a new allow-list, then none; a wrong range or no choice is a usage error.
    const update = (...args: string[]) =>
      runCli(['keys', 'update', created.id, ...args, '--database', database])
    const narrowed = await update('--allow-from', '2001:db8::/32')
    assert.equal(narrowed.code, 0, narrowed.stderr)
    assert.equal(narrowed.stdout, `updated ${created.id}: allowed from 2001:db8::/32\n`)
    assert.equal(
      (await update('--allow-from-any')).stdout,
      `updated ${created.id}: allowed from any address\n`,
    )
    const reread = JSON.parse((await runCli(['keys', 'list', '--json', '--database', database])).stdout)
    assert.equal(reread.find((k: { id: string }) => k.id === created.id).allow_from, null)
    for (const wrong of [
      ['--allow-from', '10.0.0.0/33'],
      [],
      ['--allow-from', '10.0.0.0/8', '--allow-from-any'],
    ]) {
      const refused = await update(...wrong)
      assert.equal(refused.code, 2, wrong.join(' '))
      assert.match(refused.stderr, /^awareness: .*\(see awareness keys update --help\)\n$/)
    }
    const missing = await runCli([
      'keys',
      'update',
      '00000000-0000-4000-8000-000000000000',
      '--allow-from-any',
      '--database',
      database,
    ])
    assert.equal(missing.code, 1)
    assert.match(missing.stderr, /^awareness: no key with the id/)

    const revoke = await runCli(['keys', 'revoke', created.id, '--database', database])
    assert.equal(revoke.code, 0)
    assert.equal(revoke.stdout, `revoked ${created.id} (splunk)\n`)
    const listed = JSON.parse((await runCli(['keys', 'list', '--json', '--database', database])).stdout)
    assert.ok(listed.find((k: { id: string }) => k.id === created.id).revoked_at)
  })

  test('keys revoke takes a name when no other key has it', async () => {
    const create = (name: string) =>
      runCli([
        'keys',
        'create',
        '--organization',
        d.org.id as string,
        '--name',
        name,
        '--json',
        '--database',
        database,
      ])
    const qradar = JSON.parse((await create('qradar')).stdout)
    const byName = await runCli(['keys', 'revoke', 'qradar', '--database', database])
    assert.equal(byName.code, 0, byName.stderr)
    assert.equal(byName.stdout, `revoked ${qradar.id} (qradar)\n`)
    await create('bi')
    await create('bi')
    const ambiguous = await runCli(['keys', 'revoke', 'bi', '--database', database])
    assert.equal(ambiguous.code, 1)
    assert.equal(
      ambiguous.stderr,
      'awareness: 2 keys are named bi; give one by its id (see awareness keys list)\n',
    )
    const listed = JSON.parse((await runCli(['keys', 'list', '--json', '--database', database])).stdout)
    assert.deepEqual(
      listed
        .filter((k: { name: string }) => k.name === 'bi')
        .map((k: { revoked_at: string | null }) => k.revoked_at),
      [null, null],
      'an ambiguous name revokes nothing',
    )
  })

  test('every key command takes a key by its id or by its name; a rotated name names its successor', async () => {
    // A database of its own: the rotated keys would change what the other tests list.
    const named = join(dir, 'named-keys.db')
    assert.equal((await runCli(['import', '-', '--database', named], { input: ndjson(d.all) })).code, 0)
    const keys = (...args: string[]) => runCli(['keys', ...args, '--database', named])
    const created = JSON.parse(
      (await keys('create', '--organization', d.org.id as string, '--name', 'aw25', '--json')).stdout,
    )
    const usage = await keys('usage', 'aw25')
    assert.equal(usage.code, 0, usage.stderr)
    const updated = await keys('update', 'aw25', '--allow-from', '10.0.0.0/8')
    assert.equal(updated.stdout, `updated ${created.id}: allowed from 10.0.0.0/8\n`)
    const first = await keys('rotate', 'aw25', '--json')
    assert.equal(first.code, 0, first.stderr)
    assert.equal(JSON.parse(first.stdout).replaced.id, created.id)
    // Two keys are named aw25 during the overlap: the name goes on with the one still in use.
    const second = await keys('rotate', 'aw25', '--json')
    assert.equal(second.code, 0, second.stderr)
    assert.equal(JSON.parse(second.stdout).replaced.id, JSON.parse(first.stdout).id)
    const revoked = await keys('revoke', 'aw25')
    assert.equal(revoked.stdout, `revoked ${JSON.parse(second.stdout).id} (aw25)\n`)
    // The same id in any case, and an unknown name, as the other commands.
    assert.equal((await keys('usage', created.id.toUpperCase())).code, 0)
    for (const command of ['usage', 'rotate', 'revoke']) {
      const unknown = await keys(command, 'nobody-has-this-name')
      assert.equal(unknown.code, 1)
      assert.equal(unknown.stderr, 'awareness: no key with the id or name nobody-has-this-name\n')
    }
    const unknownUpdate = await keys('update', 'nobody-has-this-name', '--allow-from-any')
    assert.equal(unknownUpdate.stderr, 'awareness: no key with the id or name nobody-has-this-name\n')
  })

  test('keys list is a table with a header, the expiry and the last use of each key', async () => {
    const expiring = JSON.parse(
      (
        await runCli([
          'keys',
          'create',
          '--organization',
          d.org.id as string,
          '--name',
          'siem sync',
          '--expires-in',
          '90d',
          '--json',
          '--database',
          database,
        ])
      ).stdout,
    )
    const listed = await runCli([
      'keys',
      'list',
      '--organization',
      d.org.id as string,
      '--database',
      database,
    ])
    assert.equal(listed.code, 0, listed.stderr)
    const [header, ...rows] = listed.stdout.trimEnd().split('\n')
    assert.match(
      String(header),
      /^ID\s+NAME\s+ORGANIZATION\s+WORKSPACE\s+SCOPES\s+PRIVACY\s+STATE\s+NOT BEFORE\s+EXPIRES\s+ALLOWED FROM\s+LAST USED$/,
    )
    const row = rows.find((r) => r.startsWith(expiring.id))
    assert.ok(row, listed.stdout)
    const expires = `${expiring.expires_at.slice(0, 10)} ${expiring.expires_at.slice(11, 16)}Z`
    assert.match(
      row,
      new RegExp(
        `siem sync\\s+${d.org.id}\\s+all\\s+\\S+\\s+identified\\s+active\\s+-\\s+${expires}\\s+any\\s+never$`,
      ),
    )
    // Columns line up: each row's STATE starts where the header's does.
    const column = String(header).indexOf('STATE')
    for (const r of rows) assert.match(r.slice(column), /^(active|revoked|expired) /)
    assert.doesNotMatch(listed.stdout, /wsa_/)
  })

  test('organizations list shows each organization with its workspaces; --json as documented', async () => {
    const listed = await runCli(['organizations', 'list', '--database', database])
    assert.equal(listed.code, 0, listed.stderr)
    const [header, row] = listed.stdout.trimEnd().split('\n')
    assert.match(String(header), /^ORGANIZATION\s+CREATED\s+WORKSPACES$/)
    assert.match(
      String(row),
      new RegExp(
        `^${d.org.id}\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}Z\\s+1 workspace: ${d.ws.name} \\(${d.ws.id}\\)$`,
      ),
    )
    assert.match(listed.stderr, /keys create --organization/)
    const json = JSON.parse(
      (await runCli(['organizations', 'list', '--json', '--database', database])).stdout,
    )
    assert.deepEqual(json, [
      {
        id: d.org.id,
        created_at: d.org.created_at,
        updated_at: d.org.updated_at,
        workspaces: [{ id: d.ws.id, name: d.ws.name }],
      },
    ])
    const empty = await runCli(['organizations', 'list', '--database', join(dir, 'empty.db')])
    assert.equal(empty.code, 0)
    assert.equal(empty.stdout, '')
    assert.match(empty.stderr, /no organization yet/)
  })

  test('keys create refuses unknown scopes and bad durations with one line', async () => {
    const scopes = await runCli([
      'keys',
      'create',
      '--organization',
      d.org.id as string,
      '--scopes',
      'root',
      '--database',
      database,
    ])
    assert.equal(scopes.code, 2)
    assert.match(scopes.stderr, /^awareness: --scopes 'root': unknown scope root/)
    const expiry = await runCli([
      'keys',
      'create',
      '--organization',
      d.org.id as string,
      '--expires-in',
      'soon',
      '--database',
      database,
    ])
    assert.equal(expiry.code, 2)
    assert.match(expiry.stderr, /^awareness: --expires-in 'soon': must look like 90d/)
  })

  test('demo-data --out writes a deterministic file', async () => {
    const a = join(dir, 'a.ndjson')
    const b = join(dir, 'b.ndjson')
    const args = ['--employees', '50', '--seed', '9', '--anchor', '2026-01-01']
    assert.equal((await runCli(['demo-data', ...args, '--out', a])).code, 0)
    assert.equal((await runCli(['demo-data', ...args, '--out', b])).code, 0)
    const { readFileSync } = await import('node:fs')
    assert.equal(readFileSync(a, 'utf8'), readFileSync(b, 'utf8'))
    assert.equal(
      readFileSync(a, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"type":"employee"')).length,
      50,
    )
  })
})
