import type { Kysely } from 'kysely'

// Each employee's JSON as a pseudonymous key sees it (CONTRACT 19), kept beside the identified one so
// that a pseudonymous page is sent as stored: null until the next import or start renders it
// (resources/employees/pseudonyms.ts).

export default function pseudonymousEmployees() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('employees').addColumn('pseudonymous_json', 'text').execute()
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('employees').dropColumn('pseudonymous_json').execute()
    },
  }
}
