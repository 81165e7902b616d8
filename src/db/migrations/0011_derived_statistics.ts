import { type Kysely, sql } from 'kysely'
import { type DialectName, keyText } from '../dialect.js'

// Statistics of the employees, the simulations and the breaches derived at import (CONTRACT 15), so
// that a request without a time window reads a row or a few: per workspace and status for the
// employees, per workspace, per campaign and per campaign cycle for the simulations ('' where a
// level is not narrowed), per workspace for the breaches. Filled here for the data already stored.
// The SQL is this migration's own, frozen as it was written.

const EVENT_TYPES = [
  'attack_sent',
  'attack_voided',
  'email_opened',
  'email_answered',
  'email_reported',
  'manually_reported',
  'manually_retried',
  'page_opened',
  'download_link_clicked',
  'attachment_opened',
  'file_opened',
  'credentials_submitted',
  'mfa_code_submitted',
  'social_login_clicked',
  'scope_granted',
  'qr_code_scanned',
  'sms_answered',
  'phone_number_called',
  'phone_number_code_entered',
  'employee_tricked',
  'remedial_started',
  'remedial_completed',
  'phishing_remedial_course_completed',
]
const FLAGS = ['attacked', 'tricked', 'reported', ...EVENT_TYPES]

function simulationBackfill(): string[] {
  const perEmployee = [
    'max(case when a.sent_at is not null then 1 else 0 end) as attacked',
    'max(case when a.sent_at is not null and a.tricked_at is not null then 1 else 0 end) as tricked',
    'max(case when a.sent_at is not null and a.reported_at is not null then 1 else 0 end) as reported',
    ...EVENT_TYPES.map(
      (type, bit) => `max(case when (a.event_mask & ${2 ** bit}) <> 0 then 1 else 0 end) as ${type}`,
    ),
  ].join(', ')
  const sums = [
    'sum(x.attacked)',
    "sum(case when x.attacked = 1 and e.status = 'active' then 1 else 0 end)",
    ...FLAGS.slice(1).map((flag) => `sum(x.${flag})`),
  ].join(', ')
  const maxima = FLAGS.map((flag) => `max(${flag}) as ${flag}`).join(', ')
  const columns = `workspace_id, campaign_id, campaign_cycle_id, attacked, active, ${FLAGS.slice(1).join(', ')}`
  const level = (keys: string, from: string) =>
    `insert into simulation_statistics (${columns})
      select ${keys}, ${sums} from ${from} x join employees e on e.id = x.employee_id
      group by x.workspace_id, x.campaign_id, x.campaign_cycle_id`
  return [
    `create temporary table migration_attacked as
      select a.workspace_id, a.campaign_id, coalesce(a.campaign_cycle_id, '') as campaign_cycle_id, a.employee_id,
        ${perEmployee}
      from attacks a group by a.workspace_id, a.campaign_id, coalesce(a.campaign_cycle_id, ''), a.employee_id`,
    level(
      'x.workspace_id, x.campaign_id, x.campaign_cycle_id',
      "(select * from migration_attacked where campaign_cycle_id <> '')",
    ),
    level(
      'x.workspace_id, x.campaign_id, x.campaign_cycle_id',
      `(select workspace_id, campaign_id, '' as campaign_cycle_id, employee_id, ${maxima}
        from migration_attacked group by workspace_id, campaign_id, employee_id)`,
    ),
    level(
      'x.workspace_id, x.campaign_id, x.campaign_cycle_id',
      `(select workspace_id, '' as campaign_id, '' as campaign_cycle_id, employee_id, ${maxima}
        from migration_attacked group by workspace_id, employee_id)`,
    ),
    'drop table migration_attacked',
  ]
}

const EMPLOYEE_BACKFILL = `insert into employee_statistics (workspace_id, status, employees)
  select workspace_id, status, count(*) from employees group by workspace_id, status`

const BREACH_BACKFILL = `insert into breach_statistics
    (workspace_id, breaches_count, impacted_employees, warned_employees, acknowledged_employees)
  select w.id,
    (select count(*) from breaches b where b.workspace_id = w.id),
    count(distinct c.employee_id),
    count(distinct case when c.warned_at is not null then c.employee_id end),
    count(distinct case when c.acknowledged_at is not null then c.employee_id end)
  from workspaces w
  left join breaches b on b.workspace_id = w.id
  left join compromised_employees c on c.workspace_id = b.workspace_id and c.breach_id = b.id
  group by w.id`

export default function derivedStatistics(dialect: DialectName) {
  const key = keyText(dialect)
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('simulation_statistics')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('campaign_id', key, (c) => c.notNull())
        .addColumn('campaign_cycle_id', key, (c) => c.notNull())
        .addColumn('attacked', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
      for (const flag of FLAGS.slice(1)) table = table.addColumn(flag, 'integer', (c) => c.notNull())
      await table
        .addPrimaryKeyConstraint('simulation_statistics_pk', [
          'workspace_id',
          'campaign_id',
          'campaign_cycle_id',
        ])
        .execute()
      await db.schema
        .createTable('breach_statistics')
        .addColumn('workspace_id', key, (c) => c.primaryKey())
        .addColumn('breaches_count', 'integer', (c) => c.notNull())
        .addColumn('impacted_employees', 'integer', (c) => c.notNull())
        .addColumn('warned_employees', 'integer', (c) => c.notNull())
        .addColumn('acknowledged_employees', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('employee_statistics')
        .addColumn('workspace_id', key, (c) => c.notNull())
        .addColumn('status', key, (c) => c.notNull())
        .addColumn('employees', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('employee_statistics_pk', ['workspace_id', 'status'])
        .execute()
      await sql.raw(EMPLOYEE_BACKFILL).execute(db)
      for (const statement of simulationBackfill()) await sql.raw(statement).execute(db)
      await sql.raw(BREACH_BACKFILL).execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('breach_statistics').execute()
      await db.schema.dropTable('employee_statistics').execute()
      await db.schema.dropTable('simulation_statistics').execute()
    },
  }
}
