import type { Kysely } from 'kysely'

// The employee's JSON fragments (`json_head`, `json_tail`) leave the employees table: they are only
// needed while an import renders, and staging holds them then. A row read by a list page is half as
// wide, so a deep employees page touches half as many database pages.
export default function employeeFragments() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite's ALTER TABLE takes one change at a time.
      await db.schema.alterTable('employees').dropColumn('json_head').execute()
      await db.schema.alterTable('employees').dropColumn('json_tail').execute()
    },
  }
}
