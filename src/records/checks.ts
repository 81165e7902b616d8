// SQL pieces the resources' import checks share. "Effective" state: what the database will hold
// after the import. With --replace, rows of the replaced workspaces that the file does not hold will
// be deleted, so they do not count.

import { type RawBuilder, sql } from 'kysely'
import type { Check } from './spec.js'

/** The stored row `alias` stays after the import (its workspace is not replaced). */
export const kept = (alias: string): RawBuilder<unknown> =>
  sql.raw(`not exists (select 1 from stg_replaced sr where sr.workspace_id = ${alias}.workspace_id)`)

/** The workspace `column` will exist after the import. */
export const workspaceExists = (column: string): RawBuilder<unknown> =>
  sql.raw(`(exists (select 1 from stg_workspace sw where sw.id = ${column})
    or exists (select 1 from workspaces dw where dw.id = ${column}))`)

/**
 * The row (`workspace`, `id`) of `table` will exist after the import: staged in `staging`, or stored
 * and kept.
 */
export const rowExists = (
  staging: string,
  table: string,
  workspace: string,
  id: string,
): RawBuilder<unknown> => {
  const [w, i] = [sql.raw(workspace), sql.raw(id)]
  return sql`(exists (select 1 from ${sql.raw(staging)} staged where staged.workspace_id = ${w} and staged.id = ${i})
    or exists (select 1 from ${sql.raw(table)} stored where stored.workspace_id = ${w} and stored.id = ${i}
      and ${kept('stored')}))`
}

/** Refuses the staged records of `type` whose workspace will not exist; `field` names it in the message. */
export function workspaceCheck(type: string, field = `${type}.workspace_id`): Check {
  return {
    query: sql`select s.line, s.workspace_id as value, null as other from ${sql.raw(`stg_${type}`)} s
      where not ${workspaceExists('s.workspace_id')}`,
    message: (v) => `${field}: workspace ${v} does not exist`,
  }
}

/**
 * The message of a record whose id a stored row of another workspace holds: which workspace (of
 * which organization) is not told.
 */
const movedMessage = (type: string, noun: string) => () =>
  `${type}: its id is already used outside this workspace; moving ${noun} to another workspace is not supported`

/**
 * Refuses a staged record of `type` whose stored row (by id, in `table`) is in another workspace:
 * `noun` names the record in the message.
 */
export function stayInWorkspaceCheck(type: string, table: string, noun: string): Check {
  return {
    // One look-up per staged record, as a scalar subquery: PostgreSQL would join the whole table.
    query: sql`select line, value, null as other from (
        select s.line, s.workspace_id, (select t.workspace_id from ${sql.raw(table)} t where t.id = s.id) as value
        from ${sql.raw(`stg_${type}`)} s) c
      where value <> workspace_id`,
    message: movedMessage(type, noun),
  }
}

/**
 * As stayInWorkspaceCheck, for a `table` keyed by workspace and id, whose ids are unique within an
 * organization (another organization's row with the same id is another row): a staged record is
 * looked up in the other stored workspaces of its organization, one look-up per workspace.
 */
export function stayInOrganizationCheck(type: string, table: string, noun: string): Check {
  // Each staged workspace (stored, or created by the file) with the organization's other stored ones.
  const staged = `select workspace_id from stg_${type}`
  const siblings = `select distinct mine.id as workspace_id, w.id as sibling
    from (select id, organization_id from workspaces where id in (${staged})
      union select id, organization_id from stg_workspace where id in (${staged})) mine
    join workspaces w on w.organization_id = mine.organization_id and w.id <> mine.id`
  return {
    query: sql`select line, value, null as other from (
        select s.line, (select t.workspace_id from ${sql.raw(table)} t where t.workspace_id = o.sibling and t.id = s.id) as value
        from ${sql.raw(`stg_${type}`)} s join (${sql.raw(siblings)}) o on o.workspace_id = s.workspace_id) c
      where value is not null`,
    message: movedMessage(type, noun),
  }
}

/**
 * The workspace a row id of `table` (staged in `stg_<type>`) will belong to after the import, or null
 * when it will not exist: for the records that name only their parent.
 */
export const workspaceAfterImport = (
  type: string,
  table: string,
  column: string,
): RawBuilder<string | null> =>
  sql`coalesce(
    (select staged.workspace_id from ${sql.raw(`stg_${type}`)} staged where staged.id = ${sql.raw(column)} limit 1),
    (select stored.workspace_id from ${sql.raw(table)} stored where stored.id = ${sql.raw(column)} and ${kept('stored')}))`

/**
 * The workspace `actual` (null: the row will not exist) is not `expected`, a column never null. One
 * comparison: `actual is null or actual <> expected` would run the look-ups behind `actual` twice.
 */
export const notInWorkspace = (actual: string, expected: string): RawBuilder<unknown> =>
  sql.raw(`coalesce(${actual}, '') <> ${expected}`)

/**
 * Refuses the staged records of `type` whose parent (`column`, named `noun` in the message) will not
 * exist: `parentWorkspace` gives the parent's workspace after the import, or null.
 */
export function parentCheck(
  type: string,
  column: string,
  noun: string,
  parentWorkspace: (column: string) => RawBuilder<string | null>,
): Check {
  return {
    query: sql`select s.line, ${sql.ref(`s.${column}`)} as value, null as other from ${sql.raw(`stg_${type}`)} s
      where ${parentWorkspace(`s.${column}`)} is null`,
    message: (v) => `${type}.${column}: ${noun} ${v} does not exist`,
  }
}
