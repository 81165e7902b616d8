import { type Kysely, sql } from 'kysely'

// Attacks and group members are stored whole, as the API renders them: a page and an event read
// them as a range, without looking up each item's employee (and an attack's cycle). Their stored
// parts (`json_tail`) become the whole item here; an import keeps the embedded references in step
// from then on. The SQL is this migration's own, frozen as it was written.
export default function attacksAndMembersWhole() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One change per statement: SQLite's ALTER TABLE takes one at a time.
      await db.schema
        .alterTable('attacks')
        .addColumn('json', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await sql`update attacks set json = '{"id":"' || id || '","campaign_cycle":'
        || coalesce((select cy.ref_json from campaign_cycles cy
          where cy.campaign_id = attacks.campaign_id and cy.id = attacks.campaign_cycle_id), 'null')
        || ',"employee":' || (select e.ref_json from employees e where e.id = attacks.employee_id)
        || json_tail`.execute(db)
      await db.schema.alterTable('attacks').dropColumn('json_tail').execute()

      await db.schema
        .alterTable('group_members')
        .addColumn('json', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await sql`update group_members set json =
        rtrim((select e.ref_json from employees e where e.id = group_members.employee_id), '}')
        || ',"added_at":"' || added_at || '"}'`.execute(db)
      await db.schema.alterTable('group_members').dropColumn('json_tail').execute()
      // The members to render again when an import changes an employee's reference.
      await db.schema
        .createIndex('group_members_by_employee')
        .on('group_members')
        .columns(['employee_id'])
        .execute()
    },
  }
}
