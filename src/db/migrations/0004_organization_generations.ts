import { type Kysely, sql } from 'kysely'
import { clusteredByKey, type DialectName, keyText } from '../dialect.js'

// A data generation per organization: ETags come from it, so that an import into one organization
// never changes another's (CONTRACT 10). Every organization stored so far starts at 1.
export default function organizationGenerations(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organization_generations')
        .addColumn('organization_id', keyText(dialect), (c) => c.primaryKey())
        .addColumn('generation', 'integer', (c) => c.notNull())
        .modifyEnd(clusteredByKey(dialect))
        .execute()
      await sql`insert into organization_generations (organization_id, generation)
        select id, 1 from organizations`.execute(db)
    },
  }
}
