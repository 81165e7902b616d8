import { type Kysely, sql } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// The rows a per-employee tally counts (resources/tallies.ts), kept again in the tallies' own order:
// a window's page counts each employee it cuts from the rows beside theirs, not from an index of
// the workspace's rows ordered by employee id, where each employee's rows sit apart from the next's.
// The tallies themselves are keyed in their list's order: SQLite keeps them in that key's tree, so a
// page reads one tree, not an index and then each row.
const SOURCES = [
  ['employees_with_email_reports', 'email_reports', 'reported_at', 'review'],
  ['employees_alert_statistics', 'email_alerts', 'created_at', 'action'],
  ['employees_impersonation_statistics', 'impersonations', 'created_at', 'verdict'],
] as const

const TALLY_COLUMNS = [
  'workspace_id',
  'kind',
  'employee_id',
  'sort_at',
  'first_at',
  'last_at',
  'ref_json',
  'stats_json',
] as const

/** `employee_tallies` keyed by `key` (with the index of its list's order when `inOrder`), its rows kept. */
async function rekeyTallies(
  db: Kysely<unknown>,
  dialect: DialectName,
  name: string,
  key: readonly (typeof TALLY_COLUMNS)[number][],
  inOrder: boolean,
): Promise<void> {
  const text = keyText(dialect)
  await db.schema
    .createTable('employee_tallies_rekeyed')
    .addColumn('workspace_id', text, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('employee_id', text, (c) => c.notNull())
    .addColumn('sort_at', text, (c) => c.notNull())
    .addColumn('first_at', text, (c) => c.notNull())
    .addColumn('last_at', text, (c) => c.notNull())
    .addColumn('ref_json', 'text', (c) => c.notNull())
    .addColumn('stats_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(name, [...key])
    .$call((t) => (inOrder ? t : t.modifyEnd(clusteredByKey(dialect))))
    .execute()
  const columns = sql.join(TALLY_COLUMNS.map((c) => sql.ref(c)))
  await sql`insert into employee_tallies_rekeyed (${columns})
    select ${columns} from employee_tallies order by workspace_id, kind, sort_at, employee_id`.execute(db)
  await db.schema.dropTable('employee_tallies').execute()
  await db.schema.alterTable('employee_tallies_rekeyed').renameTo('employee_tallies').execute()
  if (inOrder)
    await db.schema
      .createIndex('employee_tallies_in_order')
      .on('employee_tallies')
      .columns(['workspace_id', 'kind', 'sort_at desc', 'employee_id desc'])
      .execute()
}

export default function employeeTallyRows(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('employee_tally_rows')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sort_at', key, (c) => c.notNull())
        .addColumn('employee_id', key, (c) => c.notNull())
        .addColumn('at', key, (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('employee_tally_rows_pk', [
          'workspace_id',
          'kind',
          'sort_at',
          'employee_id',
          'at',
          'category',
        ])
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      for (const [kind, table, at, category] of SOURCES) {
        const [t, a, c] = [
          sql.table(table),
          sql.ref(`x.${at}`),
          sql`coalesce(${sql.ref(`x.${category}`)}, '')`,
        ]
        await sql`insert into employee_tally_rows (workspace_id, kind, sort_at, employee_id, at, category, n)
          select x.workspace_id, ${kind}, e.created_at, x.employee_id, ${a}, ${c}, count(*)
          from ${t} x join employees e on e.id = x.employee_id
          group by x.workspace_id, e.created_at, x.employee_id, ${a}, ${c}`.execute(db)
      }
      await rekeyTallies(
        db,
        dialect,
        'employee_tallies_in_order_pk',
        ['workspace_id', 'kind', 'sort_at', 'employee_id'],
        false,
      )
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await rekeyTallies(db, dialect, 'employee_tallies_pk', ['workspace_id', 'kind', 'employee_id'], true)
      await db.schema.dropTable('employee_tally_rows').execute()
    },
  }
}
