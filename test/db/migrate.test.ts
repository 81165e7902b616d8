// Migrations are safe when several processes start at once: one applies them, the others wait; and a
// database migrated by an earlier release gets its derived tables filled from the rows it holds.

import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { loadConfig } from '../../src/config/config.js'
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js'
import type { DialectName } from '../../src/db/dialect.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { keyProgressBy } from '../../src/db/migrations/0017_tenant_indexes.js'
import { keyAttacksBy } from '../../src/db/migrations/0018_attacks_by_workspace.js'
import { attackKeyAsIndex } from '../../src/db/migrations/0019_attack_key_index.js'
import inboxAndSlash from '../../src/db/migrations/0020_inbox_and_slash.js'
import employeeTallyRows from '../../src/db/migrations/0021_employee_tally_rows.js'
import averageKarma from '../../src/db/migrations/0022_average_karma.js'
import history from '../../src/db/migrations/0023_history.js'
import periodStatistics from '../../src/db/migrations/0024_period_statistics.js'
import keptStatistics from '../../src/db/migrations/0025_kept_statistics.js'
import reports from '../../src/db/migrations/0026_reports.js'
import reportFigures from '../../src/db/migrations/0027_report_figures.js'
import privacy from '../../src/db/migrations/0028_privacy.js'
import pseudonymousEmployees from '../../src/db/migrations/0029_pseudonymous_employees.js'
import figurePopulations from '../../src/db/migrations/0031_figure_populations.js'
import disclosures from '../../src/db/migrations/0032_disclosures.js'
import erasures from '../../src/db/migrations/0033_erasures.js'
import drillDown from '../../src/db/migrations/0034_drill_down.js'
import { demoRecords } from '../../src/demo/generate.js'
import { AGGREGATE_SCOPES, SCOPES } from '../../src/domain/scopes.js'
import { buildApp } from '../../src/http/app.js'
import { deriveMissing, importSources } from '../../src/importer/import.js'
import { createKey, listKeys } from '../../src/keys/keys.js'
import { listEndpoints } from '../../src/webhooks/endpoints.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS, freshDatabase } from '../helpers/databases.js'
import { apiDataset } from '../helpers/dataset.js'
import { employee, type Rec, smallDataset, source, ts } from '../helpers/records.js'
import { ROOT_URL } from '../helpers/root.js'
import { attack, campaign } from '../resources/campaigns/records.js'
import { report, ticket } from '../resources/inbox/records.js'
import { alert, impersonation } from '../resources/slash/records.js'

/** An upgraded database answers what it computes per request (series a day at a time) while other
 * test files load the machine: the deadline is a wait here, not a measure. */
function upgradeConfig() {
  return loadConfig({}, { CURSOR_SECRET: 'test-secret-test-secret-test-secret!', REQUEST_TIMEOUT: '60s' })
}

for (const { dialect, skip } of DIALECTS) {
  describe(`concurrent migrations (${dialect})`, { skip }, () => {
    test('eight processes migrating one empty database at once all succeed, and apply each migration once', async () => {
      let url: string
      let cleanup: () => Promise<void>
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'awareness-migrate-'))
        url = join(dir, 'migrate.db')
        cleanup = async () => rmSync(dir, { recursive: true, force: true })
      } else {
        const base = process.env.TEST_DATABASE_URL as string
        const schema = `migrate_${Date.now()}`
        const admin = new pg.Client({ connectionString: base })
        await admin.connect()
        await admin.query(`create schema ${schema}`)
        await admin.end()
        const parsed = new URL(base)
        parsed.searchParams.set('options', `-c search_path=${schema}`)
        url = parsed.toString()
        cleanup = async () => {
          const c = new pg.Client({ connectionString: base })
          await c.connect()
          await c.query(`drop schema ${schema} cascade`)
          await c.end()
        }
      }
      try {
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => i).map(() => runCli(['migrate', '--database', url])),
        )
        for (const r of results) assert.equal(r.code, 0, r.stderr)
        const again = await runCli(['migrate', '--database', url])
        assert.equal(again.code, 0)
        // Before migrations ran in one transaction on SQLite, a process that failed half way left
        // tables behind without their migration's row, and every later start failed.
        const handle = openDatabase(url)
        try {
          const names = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
            handle.db,
          )
          assert.deepEqual(
            names.rows.map((r) => r.name),
            MIGRATIONS,
          )
        } finally {
          await handle.close()
        }
      } finally {
        await cleanup()
      }
    })

    test('upgrading from the initial schema fills the stored progress items', async () => {
      const db = await freshDatabase(dialect)
      try {
        await importSources(db.handle, [source(smallDataset().all)])
        const items = () => sql`select * from employee_progress order by employee_id`.execute(db.handle.db)
        const expected = (await items()).rows
        assert.equal(expected.length, 2)
        // The database as 0001_initial left it.
        await asBeforeEvents(db.handle)
        await asBeforeGenerations(db.handle)
        await sql`drop table employee_progress`.execute(db.handle.db)
        await asBeforeFragmentsLeft(db.handle)
        await sql`delete from kysely_migration where name = '0002_employee_progress'`.execute(db.handle.db)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0002_employee_progress'))
        assert.deepEqual((await items()).rows, expected)
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0002 drops the fragments and keeps every employee exactly; imports go on', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source(d.all)])
        // Every column but the pseudonym, which the next start derives under a secret made anew.
        const employees = async () => ({
          rows: (
            await sql<{ pseudonym?: string }>`select * from employees order by id`.execute(db.handle.db)
          ).rows.map(({ pseudonym: _, ...row }) => row),
        })
        const expected = (await employees()).rows
        await asBeforeEvents(db.handle)
        await asBeforeGenerations(db.handle)
        await asBeforeFragmentsLeft(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0003_employee_fragments'),
        )
        assert.deepEqual((await employees()).rows, expected)
        const renamed = await importSources(db.handle, [source([{ ...d.manager, name: 'Renamed' }])])
        assert.equal(renamed.written.employee, 1)
        const { rows } = await sql<{
          json: string
        }>`select json from employees where id = ${d.report.id}`.execute(db.handle.db)
        assert.equal(
          (JSON.parse(rows[0]?.json as string) as { manager: { name: string } }).manager.name,
          'Renamed',
        )
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0003 gives every stored organization a data generation', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source(d.all)])
        await asBeforeEvents(db.handle)
        await asBeforeGenerations(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0004_organization_generations'),
        )
        const generations = await sql<{ organization_id: string; generation: number }>`
          select organization_id, generation from organization_generations`.execute(db.handle.db)
        const organizations = await sql<{ id: string }>`select id from organizations`.execute(db.handle.db)
        assert.ok(organizations.rows.length > 0)
        assert.deepEqual(
          generations.rows.map((r) => [r.organization_id, Number(r.generation)]).sort(),
          organizations.rows.map((r) => [r.id, 1]).sort(),
        )
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0009 gives every stored progress entry and year a null quiz_score', async () => {
      const db = await freshDatabase(dialect)
      try {
        // An entry with two years: the tail's years are edited one by one.
        const records = smallDataset().all.map((r) =>
          r.type === 'course_progress' && (r.years as unknown[]).length === 1
            ? {
                ...r,
                years: [
                  ...(r.years as unknown[]),
                  { year: 2, status: 'upcoming', due_at: ts(), completed_at: null },
                ],
              }
            : r,
        )
        await importSources(db.handle, [source(records)])
        const stored = async () => ({
          entries: (
            await sql`select * from course_progress order by employee_id, course_id`.execute(db.handle.db)
          ).rows,
          items: (await sql`select * from employee_progress order by employee_id`.execute(db.handle.db)).rows,
        })
        const expected = await stored()
        assert.ok(JSON.stringify(expected.entries).includes('quiz_score'))
        await asBeforeDerivedStatistics(db.handle)
        await asBeforeQuizScores(db.handle)
        assert.ok(!JSON.stringify(await stored()).includes('quiz_score'))
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0010_quiz_scores'))
        assert.deepEqual(await stored(), expected)
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0010 derives the statistics of the stored data as an import derives them', async () => {
      const db = await freshDatabase(dialect)
      try {
        await importSources(db.handle, [source(apiDataset().all)])
        const derived = async () => ({
          simulations: (
            await sql`select * from simulation_statistics
              order by workspace_id, campaign_id, campaign_cycle_id`.execute(db.handle.db)
          ).rows,
          breaches: (await sql`select * from breach_statistics order by workspace_id`.execute(db.handle.db))
            .rows,
        })
        const expected = await derived()
        // Every level of the simulations (workspace, campaign, cycle) and some breaches are there.
        const levels = new Set(
          expected.simulations.map((r) => {
            const row = r as { campaign_id: string; campaign_cycle_id: string }
            return `${row.campaign_id !== ''}${row.campaign_cycle_id !== ''}`
          }),
        )
        assert.deepEqual([...levels].sort(), ['falsefalse', 'truefalse', 'truetrue'])
        assert.ok(
          expected.breaches.some((r) => Number((r as { impacted_employees: number }).impacted_employees) > 0),
        )
        await asBeforeDerivedStatistics(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0011_derived_statistics'),
        )
        assert.deepEqual(await derived(), expected)
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0011 stores attacks and members whole, as an import renders them', async () => {
      const db = await freshDatabase(dialect)
      try {
        await importSources(db.handle, [source(apiDataset().all)])
        const stored = async () => ({
          attacks: (await sql`select * from attacks order by id`.execute(db.handle.db)).rows,
          members: (
            await sql`select * from group_members order by group_id, employee_id`.execute(db.handle.db)
          ).rows,
        })
        const expected = await stored()
        assert.ok(expected.attacks.length > 0 && expected.members.length > 0)
        // Attacks with and without a cycle.
        const cycles = new Set(
          expected.attacks.map((a) => (a as { campaign_cycle_id: unknown }).campaign_cycle_id === null),
        )
        assert.deepEqual([...cycles].sort(), [false, true])
        await asBeforeWholeItems(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0012_attacks_and_members_whole'),
        )
        assert.deepEqual(await stored(), expected)
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0013 keeps every stored key usable from any address, at once, unrotated', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source([d.org, d.ws])])
        await asBeforeKeyAllowLists(db.handle)
        await sql`insert into api_keys (id, name, organization_id, workspace_id, scopes, key_hash, rate_limit,
            created_at, expires_at, revoked_at, last_used_at)
          values ('3b9e2f4c-6d1a-4c8e-9f0b-2a3c4d5e6f70', 'old', ${d.org.id as string}, null, 'workspace:read',
            'ab', null, '2026-11-20T09:00:00.000000Z', null, null, null)`.execute(db.handle.db)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0014_key_allow_lists'))
        const [key] = await listKeys(db.handle.db)
        assert.deepEqual([key?.allow_from, key?.not_before, key?.rotated_to], [null, null, null])
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0017 keys attacks by workspace and id, keeping every attack and its indexes; imports go on', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        const c = campaign(d.ws.id as string)
        const attacks = [d.manager, d.report].map((e) => attack(c.id as string, e.id as string))
        await importSources(db.handle, [source([...d.all, c, ...attacks])])
        const rows = sql<{ id: string; json: string }>`select id, json from attacks order by id`
        const stored = (await rows.execute(db.handle.db)).rows
        assert.equal(stored.length, 2)
        await asBeforeAttacksByWorkspace(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0018_attacks_by_workspace'),
        )
        assert.deepEqual((await rows.execute(db.handle.db)).rows, stored)
        await assertAttackKey(db.handle)
        const indexes =
          dialect === 'postgres'
            ? sql<{ name: string }>`select indexname as name from pg_indexes
                where schemaname = current_schema() and tablename = 'attacks'`
            : sql<{
                name: string
              }>`select name from sqlite_master where type = 'index' and tbl_name = 'attacks'`
        const names = (await indexes.execute(db.handle.db)).rows.map((r) => r.name)
        for (const index of ['attacks_by_campaign', 'attacks_by_employee'])
          assert.ok(names.includes(index), index)
        const renamed = { ...attacks[0], template: { name: 'Renamed template' } }
        const summary = await importSources(db.handle, [source([c, renamed])])
        assert.deepEqual([summary.written.attack, summary.created.attack], [1, 0])
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0018 keeps every attack in its order and its indexes, keyed by an index of its own on SQLite; imports go on', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        const c = campaign(d.ws.id as string)
        const attacks = [d.manager, d.report, d.manager].map((e) => attack(c.id as string, e.id as string))
        await importSources(db.handle, [source([...d.all, c, ...attacks])])
        // On SQLite, rows in their stored order: pages read them so.
        const rows = sql<{ id: string; json: string }>`select id, json from attacks
          order by ${sql.raw(dialect === 'sqlite' ? 'rowid' : 'id')}`
        const stored = (await rows.execute(db.handle.db)).rows
        assert.equal(stored.length, 3)
        await assertAttackKey(db.handle)
        await asBeforeAttackKeyIndex(db.handle)
        assert.deepEqual((await rows.execute(db.handle.db)).rows, stored)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0019_attack_key_index'))
        assert.deepEqual((await rows.execute(db.handle.db)).rows, stored)
        await assertAttackKey(db.handle)
        await assert.rejects(
          sql`insert into attacks select * from attacks limit 1`.execute(db.handle.db),
          /unique|duplicate/i,
        )
        const renamed = { ...attacks[0], template: { name: 'Renamed template' } }
        const summary = await importSources(db.handle, [source([c, renamed])])
        assert.deepEqual([summary.written.attack, summary.created.attack], [1, 0])
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0019 adds the inbox and slash tables, empty; their first import fills them', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source(d.all)])
        await asBeforeInboxAndSlash(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0020_inbox_and_slash'))
        const x = ticket(d.ws.id as string)
        const summary = await importSources(db.handle, [
          source([x, report(x.id as string, d.report.id as string)]),
        ])
        assert.deepEqual([summary.created.inbox_ticket, summary.created.email_report], [1, 1])
        const counts = await sql<{
          n: number | string
        }>`select reports_count as n from inbox_tickets`.execute(db.handle.db)
        assert.deepEqual(
          counts.rows.map((r) => Number(r.n)),
          [1],
        )
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0025: the columns reports group by are read from the stored JSON, and every report is derived at start, as an import derives it', async () => {
      await withDemoReports(dialect, async ({ db, app, key, org, ws }) => {
        const answers = () => reportAnswers(app, key, ws)
        const kept = await answers()
        assert.deepEqual(
          kept.filter((body) => !body.includes('"employee') && !body.includes('"key"')),
          [],
          'every report has something to compare',
        )
        const earlier = await createKey(db.handle.db, {
          organizationId: org,
          scopes: SCOPES.filter((scope) => scope !== 'reports:read'),
        })
        await asBeforeReports(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0026_reports'))
        const columns = await sql<{ n: number | string }>`select count(*) as n from employees
        where department is not null or country_code is not null`.execute(db.handle.db)
        assert.ok(Number(columns.rows[0]?.n) > 0)
        assert.equal(await deriveMissing(db.handle), 1)
        assert.deepEqual(await answers(), kept)
        assert.equal(await deriveMissing(db.handle), 0, 'nothing is missing any more')
        // The key made before the upgrade keeps its scopes: reports:read is a new key's default only.
        const refused = await app.inject({
          url: `/v1/reports/training_coverage?workspace_id=${ws}`,
          headers: { 'x-api-key': earlier.key },
        })
        assert.equal(refused.statusCode, 403, refused.body)
      })
    })

    test('upgrading from 0026: the members keep their figures alone, attacks_by_employee holds the times, and the reports are derived again at start, answering the same', async () => {
      await withDemoReports(dialect, async ({ db, app, key, ws }) => {
        const kept = await reportAnswers(app, key, ws)
        await asBeforeReportFigures(db.handle)
        assert.deepEqual(await attacksByEmployee(db.handle), ['workspace_id', 'employee_id'])
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0027_report_figures'))
        assert.deepEqual(await attacksByEmployee(db.handle), [
          'workspace_id',
          'employee_id',
          'created_at',
          'sent_at',
          'tricked_at',
          'reported_at',
        ])
        const rows = await sql<{ n: number | string }>`select count(*) as n from report_members`.execute(
          db.handle.db,
        )
        assert.equal(Number(rows.rows[0]?.n), 0, 'the derived rows wait for the next start')
        assert.equal(await deriveMissing(db.handle), 1)
        assert.deepEqual(await reportAnswers(app, key, ws), kept)
        assert.equal(await deriveMissing(db.handle), 0, 'nothing is missing any more')
      })
    })

    test('upgrading from 0027: every key stays identified, and each employee gets a pseudonym at the next start, answering the same', async () => {
      await withDemoReports(dialect, async ({ db, app, key, ws }) => {
        const kept = await reportAnswers(app, key, ws)
        await asBeforePrivacy(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0028_privacy'))
        const pseudonyms = sql<{
          pseudonym: string | null
        }>`select p.pseudonym from employees e left join employees_pseudonymous p on p.id = e.id order by e.id`
        const before = (await pseudonyms.execute(db.handle.db)).rows
        assert.ok(before.length > 0 && before.every((r) => r.pseudonym === null))
        const keys = await listKeys(db.handle.db)
        assert.ok(keys.every((k) => k.privacy === 'identified' && k.min_group_size === null))
        assert.equal(await deriveMissing(db.handle), 1)
        const after = (await pseudonyms.execute(db.handle.db)).rows.map((r) => r.pseudonym)
        assert.ok(
          after.every(
            (p) =>
              p !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(p),
          ),
        )
        assert.equal(new Set(after).size, after.length)
        assert.deepEqual(await reportAnswers(app, key, ws), kept)
        assert.equal(await deriveMissing(db.handle), 0, 'nothing is missing any more')
      })
    })

    test('upgrading from 0029: an aggregate key made with every scope keeps only those its operations need', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source(d.all)])
        const organizationId = d.org.id as string
        const aggregate = await createKey(db.handle.db, { organizationId, privacy: 'aggregate' })
        const identified = await createKey(db.handle.db, { organizationId })
        // As 0029 left them: keys made before kept every scope whatever their privacy.
        await sql`update api_keys set scopes = ${SCOPES.join(',')}`.execute(db.handle.db)
        await asBeforeAggregateKeyScopes(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0030_aggregate_key_scopes'),
        )
        const scopes = new Map((await listKeys(db.handle.db)).map((k) => [k.id, k.scopes]))
        assert.deepEqual(scopes.get(aggregate.id), [...AGGREGATE_SCOPES])
        assert.deepEqual(scopes.get(identified.id), [...SCOPES])
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0030: kept figures without their counts are null to an aggregate key, the reports derived again alike', async () => {
      await withDemoReports(dialect, async ({ db, app, org, ws }) => {
        const identified = (await createKey(db.handle.db, { organizationId: org })).key
        const aggregate = (
          await createKey(db.handle.db, { organizationId: org, privacy: 'aggregate', minGroupSize: 2 })
        ).key
        const ask = async (key: string, url: string) => {
          const r = await app.inject({ url, headers: { 'x-api-key': key } })
          assert.equal(r.statusCode, 200, r.body)
          return JSON.parse(r.body).data
        }
        const statistics = `/v1/employees/statistics?workspace_id=${ws}&as_of=2100-01-01T00:00:00Z`
        const breakdown = `/v1/reports/breakdown?workspace_id=${ws}&by=department`
        const before = {
          statistics: await ask(aggregate, statistics),
          breakdown: await ask(identified, breakdown),
        }
        assert.equal(typeof before.statistics.average_karma_score, 'number')
        await asBeforeFigurePopulations(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0031_figure_populations'),
        )
        // A snapshot kept before does not say how many its mean karma described.
        const kept = await ask(aggregate, statistics)
        assert.deepEqual(kept, { ...before.statistics, average_karma_score: null })
        const etag = async () =>
          (await app.inject({ url: breakdown, headers: { 'x-api-key': aggregate } })).headers.etag
        const tagged = await etag()
        assert.equal(await deriveMissing(db.handle), 1)
        assert.notEqual(await etag(), tagged, 'what was derived again is a new generation')
        assert.deepEqual(await ask(identified, breakdown), before.breakdown)
        assert.ok(
          (await ask(aggregate, breakdown)).some(
            (row: { average_karma_score: unknown }) => typeof row.average_karma_score === 'number',
          ),
        )
        assert.equal(await deriveMissing(db.handle), 0, 'nothing is missing any more')
      })
    })

    test('upgrading from 0031: the disclosure record starts empty and records the next answer', async () => {
      await withDemoReports(dialect, async ({ db, app, org, ws }) => {
        const key = (await createKey(db.handle.db, { organizationId: org })).key
        await asBeforeDisclosures(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, [
          '0032_disclosures',
          '0033_erasures',
          '0034_drill_down',
        ])
        const count = async () =>
          Number(
            (await sql<{ n: number | string }>`select count(*) as n from disclosures`.execute(db.handle.db))
              .rows[0]?.n,
          )
        assert.equal(await count(), 0)
        const r = await app.inject({ url: `/v1/employees?workspace_id=${ws}`, headers: { 'x-api-key': key } })
        assert.equal(r.statusCode, 200, r.body)
        await app.api.disclosures.flush(true)
        // Each employee of the page, and each manager named there.
        assert.ok((await count()) >= JSON.parse(r.body).data.length)
      })
    })

    test("upgrading from 0033: the drill-down rows are derived at the next start, and a manager's line answers", async () => {
      await withDemoReports(dialect, async ({ db, app, key, ws }) => {
        const root = (
          await sql<{ id: string }>`select e.id from employees e where e.manager_id is null
            and exists (select 1 from employees r where r.manager_id = e.id) order by e.id limit 1`.execute(
            db.handle.db,
          )
        ).rows[0]?.id as string
        const line = async () =>
          JSON.parse(
            (
              await app.inject({
                url: `/v1/employees?workspace_id=${ws}&manager_tree=${root}&limit=100`,
                headers: { 'x-api-key': key },
              })
            ).body,
          ).data as { id: string }[]
        const before = await line()
        assert.ok(before.length > 5, `${before.length} under ${root}`)
        await asBeforeDrillDown(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, ['0034_drill_down'])
        assert.equal(await deriveMissing(db.handle), 1)
        assert.deepEqual(await line(), before)
        assert.equal(await deriveMissing(db.handle), 0, 'nothing is missing any more')
      })
    })

    test('upgrading from 0032: no erasure kept, and an import goes on as before', async () => {
      await withDemoReports(dialect, async ({ db }) => {
        await asBeforeErasures(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, ['0033_erasures', '0034_drill_down'])
        const kept = await sql<{ n: number | string }>`select count(*) as n from erasures`.execute(
          db.handle.db,
        )
        assert.equal(Number(kept.rows[0]?.n), 0)
        const summary = await importSources(db.handle, [source([])])
        assert.equal(summary.skipped, 0)
      })
    })

    test('upgrading from 0028: each employee is rendered for pseudonymous keys at the next start, answering as the walk did', async () => {
      await withDemoReports(dialect, async ({ db, app, org, ws }) => {
        const pseudonymous = (await createKey(db.handle.db, { organizationId: org, privacy: 'pseudonymous' }))
          .key
        const answers = async () => {
          const list = await app.inject({
            url: `/v1/employees?workspace_id=${ws}`,
            headers: { 'x-api-key': pseudonymous, 'x-item-limit': '100' },
          })
          assert.equal(list.statusCode, 200, list.body)
          const first = (JSON.parse(list.body) as { data: { id: string }[] }).data[0]?.id as string
          const one = await app.inject({
            url: `/v1/employees/${first}`,
            headers: { 'x-api-key': pseudonymous },
          })
          assert.equal(one.statusCode, 200, one.body)
          return [list.body, one.body]
        }
        const kept = await answers()
        await asBeforePseudonymousEmployees(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0029_pseudonymous_employees'),
        )
        const rendered = sql<{ n: number | string }>`select count(*) as n from employees_pseudonymous`
        assert.equal(Number((await rendered.execute(db.handle.db)).rows[0]?.n), 0)
        assert.equal(await deriveMissing(db.handle), 1)
        assert.deepEqual(await answers(), kept)
        assert.equal(await deriveMissing(db.handle), 0, 'nothing is missing any more')
      })
    })

    test('upgrading from 0024 moves each kept statistic into kept_statistics: every as_of answer and series alike', async () => {
      const db = await freshDatabase(dialect)
      try {
        const records = [
          ...demoRecords({ employees: 40, seed: 5, workspaces: 1, anchor: new Date('2026-11-01T00:00:00Z') }),
        ] as Rec[]
        const [org, ws, manager] = ['organization', 'workspace', 'employee'].map(
          (type) => records.find((r) => r.type === type) as Rec,
        ) as [Rec, Rec, Rec]
        const moments = ['2026-01-01', '2026-03-01', '2026-06-01'].map((day) => `${day}T00:00:00.000000Z`)
        for (const [i, asOf] of moments.entries())
          await importSources(
            db.handle,
            [source(records.map((r) => (r === manager ? { ...manager, name: `Renamed ${i}` } : r)))],
            { asOf },
          )
        const app = await buildApp({
          config: upgradeConfig(),
          database: db.handle,
        })
        try {
          const key = (await createKey(db.handle.db, { organizationId: org.id as string })).key
          const answers = async () => {
            const bodies: string[] = []
            for (const path of ['employees', 'courses']) {
              for (const asOf of ['2026-02-01T00:00:00Z', '2026-11-01T00:00:00Z', '2025-01-01T00:00:00Z']) {
                const r = await app.inject({
                  url: `/v1/${path}/statistics?workspace_id=${ws.id}&as_of=${asOf}`,
                  headers: { 'x-api-key': key },
                })
                // A 404's request id is its own.
                const body = r.body.replace(/"request_id":"[^"]+"/, '"request_id":"…"')
                bodies.push(`${r.statusCode} ${r.headers.etag} ${body}`)
              }
              const r = await app.inject({
                url: `/v1/${path}/statistics/history?workspace_id=${ws.id}&from=2025-12-01&to=2026-07-01`,
                headers: { 'x-api-key': key },
              })
              assert.equal(r.statusCode, 200, r.body)
              bodies.push(`${r.headers.etag} ${r.body}`)
            }
            return bodies
          }
          const kept = await answers()
          await asBeforeKeptStatistics(db.handle)
          const columns = await sql<{ employees_json: string; courses_json: string }>`
            select employees_json, courses_json from workspace_snapshots order by as_of`.execute(db.handle.db)
          assert.equal(columns.rows.length, 3, 'one moment per import, its statistics in its columns')
          assert.ok(
            columns.rows.every((r) => r.employees_json.startsWith('{') && r.courses_json.startsWith('{')),
          )
          assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0025_kept_statistics'))
          assert.deepEqual(await answers(), kept)
        } finally {
          await app.close()
        }
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0023: the window series answer by asking their statistic per period, alike, until the next import keeps them', async () => {
      const db = await freshDatabase(dialect)
      try {
        const records = [
          ...demoRecords({ employees: 40, seed: 5, workspaces: 1, anchor: new Date() }),
        ] as Rec[]
        const [org, ws, manager] = ['organization', 'workspace', 'employee'].map(
          (type) => records.find((r) => r.type === type) as Rec,
        ) as [Rec, Rec, Rec]
        await importSources(db.handle, [source(records)])
        const app = await buildApp({
          config: upgradeConfig(),
          database: db.handle,
        })
        try {
          const key = (await createKey(db.handle.db, { organizationId: org.id as string })).key
          const series = async () => {
            const bodies: string[] = []
            for (const path of ['campaigns', 'breaches', 'inbox_tickets'])
              for (const span of ['month&from=2023-01-01', 'week&from=2024-06-03', 'day&from=2024-03-10']) {
                const r = await app.inject({
                  url: `/v1/${path}/statistics/history?workspace_id=${ws.id}&interval=${span}`,
                  headers: { 'x-api-key': key },
                })
                assert.equal(r.statusCode, 200, r.body)
                bodies.push(r.body)
              }
            return bodies
          }
          const kept = await series()
          await asBeforePeriodStatistics(db.handle)
          assert.deepEqual(
            (await migrateToLatest(db.handle)).applied,
            migrationsFrom('0024_period_statistics'),
          )
          const count = sql<{ n: number | string }>`select count(*) as n from period_statistics`
          assert.equal(Number((await count.execute(db.handle.db)).rows[0]?.n), 0)
          assert.deepEqual(await series(), kept)
          await importSources(db.handle, [source([{ ...manager, name: 'Renamed' }])])
          assert.ok(Number((await count.execute(db.handle.db)).rows[0]?.n) > 0)
          assert.deepEqual(await series(), kept)
        } finally {
          await app.close()
        }
      } finally {
        await db.drop()
      }
    })

    test("upgrading from 0022 reads each karma's level from the stored employee; the next import keeps the first moment", async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        const file = [...d.all.map((r) => (r === d.manager ? { ...r, karma: null } : r))]
        await importSources(db.handle, [source(file)], { asOf: '2026-01-01T00:00:00.000000Z' })
        const levels = sql<{
          id: string
          karma_level: string | null
        }>`select id, karma_level from employees order by id`
        const derived = (await levels.execute(db.handle.db)).rows
        assert.deepEqual(derived.map((r) => r.karma_level).sort(), ['good', null].sort())
        await asBeforeHistory(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0023_history'))
        assert.deepEqual((await levels.execute(db.handle.db)).rows, derived)
        await importSources(db.handle, [source(file)], { asOf: '2026-02-01T00:00:00.000000Z' })
        const kept = await sql<{ n: number | string }>`select count(*) as n from karma_history`.execute(
          db.handle.db,
        )
        assert.equal(Number(kept.rows[0]?.n), 2)
      } finally {
        await db.drop()
      }
    })

    test("upgrading from 0021 keeps each status's karma sum and count, as an import derives them", async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        const karma = (score: number) => ({ score, security_level: 'ok' })
        await importSources(db.handle, [
          source([
            ...d.all.map((r) => (r === d.manager ? { ...r, karma: karma(3) } : r)),
            employee(d.ws.id as string, { karma: karma(8) }),
            employee(d.ws.id as string, { karma: null }),
            employee(d.ws.id as string, { karma: karma(100), status: 'pending' }),
          ]),
        ])
        const rows = sql<Record<string, unknown>>`select status, employees, karma_sum, karma_count
          from employee_statistics order by status`
        const derived = (await rows.execute(db.handle.db)).rows.map((r) => Object.values(r).map(String))
        assert.deepEqual(
          derived.find((r) => r[0] === 'active'),
          ['active', '4', String(3 + 8 + 420), '3'],
        )
        await asBeforeAverageKarma(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0022_average_karma'))
        const migrated = (await rows.execute(db.handle.db)).rows.map((r) => Object.values(r).map(String))
        assert.deepEqual(migrated, derived)
      } finally {
        await db.drop()
      }
    })

    test("upgrading from 0020 keeps the tallied rows again in the tallies' order, as an import derives them", async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        const [wsId, a, b] = [d.ws.id as string, d.report.id as string, d.manager.id as string]
        const x = ticket(wsId, { classification: 'spam' })
        const at = (day: number) => `2026-0${day}-01T00:00:00.000000Z`
        await importSources(db.handle, [
          source([
            ...d.all,
            x,
            report(x.id as string, a, { reported_at: at(1) }),
            report(x.id as string, a, { reported_at: at(1) }),
            report(x.id as string, b, { reported_at: at(2) }),
            alert(wsId, a, { action: 'reported', created_at: at(3) }),
            impersonation(wsId, b, { created_at: at(4) }),
          ]),
        ])
        const rows = sql<Record<string, unknown>>`select * from employee_tally_rows
          order by workspace_id, kind, sort_at, employee_id, at, category`
        const derived = (await rows.execute(db.handle.db)).rows
        const sorted = (xs: unknown[][]) => xs.map((x) => JSON.stringify(x)).sort()
        assert.deepEqual(
          sorted(derived.map((r) => [r.kind, r.employee_id, r.at, r.category, Number(r.n)])),
          sorted([
            ['employees_alert_statistics', a, at(3), 'reported', 1],
            ['employees_impersonation_statistics', b, at(4), 'pending_review', 1],
            ['employees_with_email_reports', b, at(2), 'spam', 1],
            ['employees_with_email_reports', a, at(1), 'spam', 2],
          ]),
        )
        await asBeforeEmployeeTallyRows(db.handle)
        assert.deepEqual(
          (await migrateToLatest(db.handle)).applied,
          migrationsFrom('0021_employee_tally_rows'),
        )
        assert.deepEqual((await rows.execute(db.handle.db)).rows, derived)
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0016 adds the indexes an import of one organization reaches its rows by; imports go on', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source(d.all)])
        const entries = sql<{ employee_id: string; course_id: string; json_tail: string }>`select employee_id,
          course_id, json_tail from course_progress order by employee_id, course_id`
        const stored = (await entries.execute(db.handle.db)).rows
        assert.ok(stored.length > 0)
        await asBeforeTenantIndexes(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0017_tenant_indexes'))
        assert.deepEqual((await entries.execute(db.handle.db)).rows, stored)
        const indexes =
          dialect === 'postgres'
            ? sql<{
                name: string
              }>`select indexname as name from pg_indexes where schemaname = current_schema()`
            : sql<{ name: string }>`select name from sqlite_master where type = 'index'`
        const names = (await indexes.execute(db.handle.db)).rows.map((r) => r.name)
        for (const index of [
          'campaign_cycles_by_workspace',
          'compromised_employees_by_employee',
          'webhook_endpoints_by_organization',
        ])
          assert.ok(names.includes(index), index)
        const progressKey =
          dialect === 'postgres'
            ? sql<{
                key: string
              }>`select pg_get_constraintdef(oid) as key from pg_constraint where conname = 'course_progress_pk'
                and connamespace = cast(current_schema() as regnamespace)`
            : sql<{ key: string }>`select sql as key from sqlite_master where name = 'course_progress'`
        const [key] = (await progressKey.execute(db.handle.db)).rows
        assert.match(key?.key ?? '', /primary key \("?workspace_id"?, "?employee_id"?, "?course_id"?\)/i)
        const summary = await importSources(db.handle, [source([{ ...d.manager, name: 'Renamed' }])])
        assert.equal(summary.written.employee, 1)
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0012 gives every stored webhook endpoint the json format', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source([d.org, d.ws])])
        await asBeforeWebhookFormat(db.handle)
        await sql`insert into webhook_endpoints (id, organization_id, workspace_id, url, events, secret, created_at)
          values ('3b9e2f4c-6d1a-4c8e-9f0b-2a3c4d5e6f70', ${d.org.id as string}, null, 'https://example.com/hooks',
            null, 'whsec_x', '2026-11-20T09:00:00.000000Z')`.execute(db.handle.db)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0013_webhook_format'))
        const [endpoint] = await listEndpoints(db.handle.db)
        assert.equal(endpoint?.format, 'json')
      } finally {
        await db.drop()
      }
    })

    test('upgrading from 0004 adds the events tables; the next import records its changes', async () => {
      const db = await freshDatabase(dialect)
      try {
        const d = smallDataset()
        await importSources(db.handle, [source(d.all)])
        await asBeforeEvents(db.handle)
        assert.deepEqual((await migrateToLatest(db.handle)).applied, migrationsFrom('0005_events'))
        if (dialect === 'postgres') {
          // Events are compressed with lz4 where the server was built with it, else with pglz.
          const { rows } = await sql<{ method: string; lz4: boolean }>`
            select attcompression::text as method,
              (select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression') as lz4
            from pg_attribute where attrelid = 'events'::regclass and attname = 'json'`.execute(db.handle.db)
          assert.equal(rows[0]?.method, rows[0]?.lz4 ? 'l' : '')
        }
        await importSources(db.handle, [source([{ ...d.manager, name: 'Renamed' }])])
        const { rows } = await sql<{ type: string }>`select type from events order by id`.execute(
          db.handle.db,
        )
        // The manager; its report, whose manager reference changed; its compromised-employee item,
        // which embeds its reference.
        assert.deepEqual(rows.map((r) => r.type).sort(), [
          'compromised_employee.updated',
          'employee.updated',
          'employee.updated',
        ])
      } finally {
        await db.drop()
      }
    })
  })
}

describe('migrations beside other schemas (postgres)', { skip: DIALECTS[1]?.skip ?? false }, () => {
  test('a migration succeeds while other schemas of the database are created and dropped', async () => {
    // Kysely's own introspection reads every table of the database and looks each up by name; a
    // schema, table or column dropped meanwhile (another test file, another application) failed the
    // migration. Ours reads our own schema alone.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    let stop = false
    const churn = (async () => {
      for (let i = 0; !stop; i++) {
        const schema = `churn_${process.pid}_${i}`
        await admin.query(`create schema ${schema}; create table ${schema}.t (a int, b int)`)
        // A column dropped from a table that stays, and a table from a schema that stays (a down
        // migration, a test's own tables).
        await admin.query(`alter table ${schema}.t drop column b`)
        await admin.query(`drop table ${schema}.t`)
        await admin.query(`drop schema ${schema} cascade`)
      }
    })()
    try {
      for (let i = 0; i < 10; i++) await (await freshDatabase('postgres')).drop()
    } finally {
      stop = true
      await churn
      await admin.end()
    }
  })
})

/** Puts back what 0003 removed, as 0002 left it (fragments of the right kind, not checked by 0003). */
async function asBeforeFragmentsLeft(handle: DatabaseHandle): Promise<void> {
  await sql`alter table employees add column json_head text not null default ''`.execute(handle.db)
  await sql`alter table employees add column json_tail text not null default ''`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0003_employee_fragments'`.execute(handle.db)
}

/** Every migration's name, in the order they run. */
const MIGRATIONS = readdirSync(new URL('src/db/migrations/', ROOT_URL))
  .filter((f) => /^\d{4}_\w+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort()

/** The migrations an upgrade from just before `first` applies: it and every later one. */
function migrationsFrom(first: string): string[] {
  assert.ok(MIGRATIONS.includes(first), first)
  return MIGRATIONS.filter((name) => name >= first)
}

/** Takes back 0010: progress entries without quiz_score (none of the test data has one). */
async function asBeforeQuizScores(handle: DatabaseHandle): Promise<void> {
  await sql`update course_progress set json_tail = replace(json_tail, ',"quiz_score":null', '')`.execute(
    handle.db,
  )
  await sql`update employee_progress set json = replace(json, ',"quiz_score":null', '')`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0010_quiz_scores'`.execute(handle.db)
}

/** Attacks are keyed by workspace and id: PostgreSQL's primary key, SQLite's unique index `attacks_key` (0019). */
async function assertAttackKey(handle: DatabaseHandle): Promise<void> {
  const definition =
    handle.dialect === 'postgres'
      ? sql<{ key: string }>`select pg_get_constraintdef(c.oid) as key from pg_constraint c
          where c.conrelid = cast('attacks' as regclass) and c.contype = 'p'`
      : sql<{ key: string }>`select sql as key from sqlite_master where name = 'attacks_key'`
  const [key] = (await definition.execute(handle.db)).rows
  assert.match(
    key?.key ?? '',
    handle.dialect === 'postgres'
      ? /primary key \("?workspace_id"?, "?id"?\)/i
      : /create unique index "attacks_key" on "attacks" \("workspace_id", "id"\)/i,
  )
}

/**
 * A demo workspace of 60 employees imported into a fresh database of `dialect`, served, with a key
 * of its organization, given to `work`; all closed and dropped after.
 */
async function withDemoReports(
  dialect: DialectName,
  work: (demo: {
    db: Awaited<ReturnType<typeof freshDatabase>>
    app: Awaited<ReturnType<typeof buildApp>>
    key: string
    org: string
    ws: string
  }) => Promise<void>,
): Promise<void> {
  const db = await freshDatabase(dialect)
  try {
    const records = [
      ...demoRecords({ employees: 60, seed: 7, workspaces: 1, anchor: new Date('2026-11-01T00:00:00Z') }),
    ] as Rec[]
    const [org, ws] = ['organization', 'workspace'].map(
      (type) => records.find((r) => r.type === type)?.id as string,
    ) as [string, string]
    await importSources(db.handle, [source(records)])
    const app = await buildApp({
      config: upgradeConfig(),
      database: db.handle,
    })
    try {
      const key = (await createKey(db.handle.db, { organizationId: org })).key
      await work({ db, app, key, org, ws })
    } finally {
      await app.close()
    }
  } finally {
    await db.drop()
  }
}

/** Every report of `workspace`, 100 items a page, answered for `key` (each body after its path). */
async function reportAnswers(
  app: Awaited<ReturnType<typeof buildApp>>,
  key: string,
  workspace: string,
): Promise<string[]> {
  const bodies: string[] = []
  for (const path of [
    'breakdown?by=department',
    'breakdown?by=manager',
    'breakdown?by=group',
    'breakdown?by=country&created_after=2026-06-01',
    'repeat_offenders?min_tricked=1',
    'repeat_offenders?min_tricked=1&created_after=2026-03-01&created_before=2026-09-01',
    'simulation_coverage?attacked=false',
    'simulation_coverage?created_before=2026-06-01',
    'training_coverage?missed=true',
  ]) {
    const r = await app.inject({
      url: `/v1/reports/${path}&workspace_id=${workspace}`,
      headers: { 'x-api-key': key, 'x-item-limit': '100' },
    })
    assert.equal(r.statusCode, 200, r.body)
    bodies.push(`${path} ${r.body}`)
  }
  return bodies
}

/** The columns of attacks_by_employee, in order. */
async function attacksByEmployee(handle: DatabaseHandle): Promise<string[]> {
  const columns =
    handle.dialect === 'postgres'
      ? sql<{ name: string }>`select a.attname as name from pg_index i
          join pg_class c on c.oid = i.indexrelid
          join lateral unnest(i.indkey) with ordinality k(attnum, n) on true
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where c.relname = 'attacks_by_employee' order by k.n`
      : sql<{ name: string }>`select name from pragma_index_info('attacks_by_employee') order by seqno`
  return (await columns.execute(handle.db)).rows.map((r) => r.name)
}

/** Takes back 0034: no drill-down rows kept, no index of the employees by department or country. */
async function asBeforeDrillDown(handle: DatabaseHandle): Promise<void> {
  await drillDown(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0034_drill_down'`.execute(handle.db)
}

/** Takes back 0033 (and what came after): no erasures kept. */
async function asBeforeErasures(handle: DatabaseHandle): Promise<void> {
  await asBeforeDrillDown(handle)
  await erasures(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0033_erasures'`.execute(handle.db)
}

/** Takes back 0032 (and what came after): no disclosure record. */
async function asBeforeDisclosures(handle: DatabaseHandle): Promise<void> {
  await asBeforeErasures(handle)
  await disclosures(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0032_disclosures'`.execute(handle.db)
}

/** Takes back 0031 (and what came after): no counts beside the kept statistics, a group's history and a breakdown's cells. */
async function asBeforeFigurePopulations(handle: DatabaseHandle): Promise<void> {
  await asBeforeDisclosures(handle)
  await figurePopulations(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0031_figure_populations'`.execute(handle.db)
}

/** Takes back 0030 (a data migration: nothing to undo but its record), and what came after. */
async function asBeforeAggregateKeyScopes(handle: DatabaseHandle): Promise<void> {
  await asBeforeFigurePopulations(handle)
  await sql`delete from kysely_migration where name = '0030_aggregate_key_scopes'`.execute(handle.db)
}

/** Takes back 0029 (and what came after): no employee rendered for a pseudonymous key. */
async function asBeforePseudonymousEmployees(handle: DatabaseHandle): Promise<void> {
  await asBeforeAggregateKeyScopes(handle)
  await pseudonymousEmployees(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0029_pseudonymous_employees'`.execute(handle.db)
}

/** Takes back 0028 (and what came after): no privacy for keys and endpoints, no pseudonym secrets, no pseudonyms. */
async function asBeforePrivacy(handle: DatabaseHandle): Promise<void> {
  await asBeforePseudonymousEmployees(handle)
  await privacy(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0028_privacy'`.execute(handle.db)
}

/** Takes back 0027: each member's items kept as JSON, attacks_by_employee without the times. */
async function asBeforeReportFigures(handle: DatabaseHandle): Promise<void> {
  await asBeforePrivacy(handle)
  await reportFigures(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0027_report_figures'`.execute(handle.db)
}

/** Takes back 0026 (and what came after): no reports, no department or country beside an employee's JSON. */
async function asBeforeReports(handle: DatabaseHandle): Promise<void> {
  await asBeforeReportFigures(handle)
  await reports(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0026_reports'`.execute(handle.db)
}

/** Takes back 0025 (and what came after): the state statistics kept as columns of workspace_snapshots. */
async function asBeforeKeptStatistics(handle: DatabaseHandle): Promise<void> {
  await asBeforeReports(handle)
  await keptStatistics(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0025_kept_statistics'`.execute(handle.db)
}

/** Takes back 0024 (and what came after): no statistics kept per period. */
async function asBeforePeriodStatistics(handle: DatabaseHandle): Promise<void> {
  await asBeforeKeptStatistics(handle)
  await periodStatistics(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0024_period_statistics'`.execute(handle.db)
}

/** Takes back 0023 (and what came after): no history, no karma level beside the score. */
async function asBeforeHistory(handle: DatabaseHandle): Promise<void> {
  await asBeforePeriodStatistics(handle)
  await history(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0023_history'`.execute(handle.db)
}

/** Takes back 0022 (and what came after): no karma sums in the employee statistics. */
async function asBeforeAverageKarma(handle: DatabaseHandle): Promise<void> {
  await asBeforeHistory(handle)
  await averageKarma().down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0022_average_karma'`.execute(handle.db)
}

/** Takes back 0021 (and what came after): no tally rows, the tallies keyed by employee. */
async function asBeforeEmployeeTallyRows(handle: DatabaseHandle): Promise<void> {
  await asBeforeAverageKarma(handle)
  await employeeTallyRows(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0021_employee_tally_rows'`.execute(handle.db)
}

/** Takes back 0020 (and what came after): no inbox or slash tables. */
async function asBeforeInboxAndSlash(handle: DatabaseHandle): Promise<void> {
  await asBeforeEmployeeTallyRows(handle)
  await inboxAndSlash(handle.dialect).down(handle.db as unknown as Kysely<unknown>)
  await sql`delete from kysely_migration where name = '0020_inbox_and_slash'`.execute(handle.db)
}

/** Takes back 0019 (and what came after): on SQLite, the attacks' key as the table's primary key. */
async function asBeforeAttackKeyIndex(handle: DatabaseHandle): Promise<void> {
  await asBeforeInboxAndSlash(handle)
  await attackKeyAsIndex(handle.db as unknown as Kysely<unknown>, handle.dialect, false)
  await sql`delete from kysely_migration where name = '0019_attack_key_index'`.execute(handle.db)
}

/** Takes back 0018 (and what came after): attacks keyed by id alone. */
async function asBeforeAttacksByWorkspace(handle: DatabaseHandle): Promise<void> {
  await asBeforeAttackKeyIndex(handle)
  await keyAttacksBy(handle.db as unknown as Kysely<unknown>, handle.dialect, ['id'])
  await sql`delete from kysely_migration where name = '0018_attacks_by_workspace'`.execute(handle.db)
}

/** Takes back 0017 (and what came after): the indexes as they were before it, and none of those it added. */
async function asBeforeTenantIndexes(handle: DatabaseHandle): Promise<void> {
  await asBeforeAttacksByWorkspace(handle)
  for (const index of [
    'campaign_cycles_by_workspace',
    'compromised_employees_by_employee',
    'webhook_endpoints_by_organization',
  ])
    await sql`drop index ${sql.id(index)}`.execute(handle.db)
  await keyProgressBy(handle.db as unknown as Kysely<unknown>, handle.dialect, ['employee_id', 'course_id'])
  for (const [index, table, column] of [
    ['employees_by_manager', 'employees', 'manager_id'],
    ['attacks_by_employee', 'attacks', 'employee_id'],
    ['group_members_by_employee', 'group_members', 'employee_id'],
  ] as const) {
    await sql`drop index ${sql.id(index)}`.execute(handle.db)
    await sql`create index ${sql.id(index)} on ${sql.table(table)} (${sql.ref(column)})`.execute(handle.db)
  }
  await sql`delete from kysely_migration where name = '0017_tenant_indexes'`.execute(handle.db)
}

/** Takes back 0016 (and what came after): no usage record. */
async function asBeforeKeyUsage(handle: DatabaseHandle): Promise<void> {
  await asBeforeTenantIndexes(handle)
  for (const table of ['auth_failures', 'key_usage_addresses', 'key_usage'])
    await sql`drop table ${sql.table(table)}`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0016_key_usage'`.execute(handle.db)
}

/** Takes back 0015 (and what came after): keys without a successor. */
async function asBeforeKeyRotation(handle: DatabaseHandle): Promise<void> {
  await asBeforeKeyUsage(handle)
  await sql`alter table api_keys drop column rotated_to`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0015_key_rotation'`.execute(handle.db)
}

/** Takes back 0014 (and what came after): keys without allow-lists or a not-before time. */
async function asBeforeKeyAllowLists(handle: DatabaseHandle): Promise<void> {
  await asBeforeKeyRotation(handle)
  for (const column of ['not_before', 'allow_from'])
    await sql`alter table api_keys drop column ${sql.ref(column)}`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0014_key_allow_lists'`.execute(handle.db)
}

/** Takes back 0013 (and what came after): webhook endpoints without a format. */
async function asBeforeWebhookFormat(handle: DatabaseHandle): Promise<void> {
  await asBeforeKeyAllowLists(handle)
  await sql`alter table webhook_endpoints drop column format`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0013_webhook_format'`.execute(handle.db)
}

/** Takes back 0012 (and what came after): attacks and members stored as their parts after the employee's reference. */
async function asBeforeWholeItems(handle: DatabaseHandle): Promise<void> {
  await asBeforeWebhookFormat(handle)
  const position = handle.dialect === 'postgres' ? 'strpos' : 'instr'
  for (const table of ['attacks', 'group_members'])
    await sql`alter table ${sql.table(table)} add column json_tail text not null default ''`.execute(
      handle.db,
    )
  await sql`update attacks set json_tail = substr(json, ${sql.raw(position)}(json, ',"template":'))`.execute(
    handle.db,
  )
  await sql`update group_members set json_tail = ',"added_at":"' || added_at || '"}'`.execute(handle.db)
  for (const table of ['attacks', 'group_members'])
    await sql`alter table ${sql.table(table)} drop column json`.execute(handle.db)
  await sql`drop index group_members_by_employee`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0012_attacks_and_members_whole'`.execute(handle.db)
}

/** Takes back 0011 (and what came after): the derived simulation and breach statistics. */
async function asBeforeDerivedStatistics(handle: DatabaseHandle): Promise<void> {
  await asBeforeWholeItems(handle)
  for (const table of ['employee_statistics', 'simulation_statistics', 'breach_statistics'])
    await sql`drop table ${sql.table(table)}`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0011_derived_statistics'`.execute(handle.db)
}

/** Takes back 0009 (and what came after): the campaigns, their cycles and attacks. */
async function asBeforeCampaigns(handle: DatabaseHandle): Promise<void> {
  await asBeforeDerivedStatistics(handle)
  await asBeforeQuizScores(handle)
  for (const table of ['attacks', 'campaign_cycles', 'campaigns'])
    await sql`drop table ${sql.table(table)}`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0009_campaigns'`.execute(handle.db)
}

/** Takes back 0008 (and what came after): the groups and their members. */
async function asBeforeGroups(handle: DatabaseHandle): Promise<void> {
  await asBeforeCampaigns(handle)
  for (const table of ['group_members', 'groups'])
    await sql`drop table ${sql.table(table)}`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0008_groups'`.execute(handle.db)
}

/** Takes back 0005 (and what came after): the events, webhook endpoints, deliveries and attempts. */
async function asBeforeEvents(handle: DatabaseHandle): Promise<void> {
  await asBeforeGroups(handle)
  for (const table of ['events', 'webhook_endpoints', 'webhook_deliveries', 'webhook_attempts'])
    await sql`drop table ${sql.table(table)}`.execute(handle.db)
  await sql`delete from kysely_migration where name in ('0005_events', '0006_events_lz4', '0007_deliveries_by_endpoint')`.execute(
    handle.db,
  )
}

/** Takes back 0004: the table of organization generations and its migration's row. */
async function asBeforeGenerations(handle: DatabaseHandle): Promise<void> {
  await sql`drop table organization_generations`.execute(handle.db)
  await sql`delete from kysely_migration where name = '0004_organization_generations'`.execute(handle.db)
}
