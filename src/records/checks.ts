// SQL pieces the resources' import checks share. "Effective" state: what the database will hold
// after the import. With --replace, rows of the replaced workspaces that the file does not hold will
// be deleted, so they do not count.

import { type RawBuilder, sql } from 'kysely'

/** The stored row `alias` stays after the import (its workspace is not replaced). */
export const kept = (alias: string): RawBuilder<unknown> =>
  sql.raw(`not exists (select 1 from stg_replaced sr where sr.workspace_id = ${alias}.workspace_id)`)

/** The workspace `column` will exist after the import. */
export const workspaceExists = (column: string): RawBuilder<unknown> =>
  sql.raw(`(exists (select 1 from stg_workspace sw where sw.id = ${column})
    or exists (select 1 from workspaces dw where dw.id = ${column}))`)
