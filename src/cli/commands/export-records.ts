// `--format records` (CONTRACT 13): an export's items as the import records they were made of, and
// `export all`: every export that has records, for the organization or one workspace, in one file.

import type { AwarenessClient } from '@awareness-api/client'
import type { RecordsExport, ResourceExport } from '../../resources/export.js'
import { EXPORTS } from '../../resources/index.js'
import { CliError } from '../output.js'

/** One page of an export: what it writes, and how many of the resource's items that is (default: all). */
export interface Page {
  data: readonly unknown[]
  items?: number
}

/** `path` with the id `{<name>_id}` filled in. */
export const withId = (path: string, name: string, id: string) =>
  path.replace(`{${name}_id}`, encodeURIComponent(id))

/** The exports `export all` runs, in the resources' order: the organization's first. */
export const RECORD_EXPORTS = EXPORTS.filter((e) => e.records !== undefined)

/** Every record type `export all` writes. */
export const TRAVELLING_TYPES: readonly string[] = RECORD_EXPORTS.flatMap(
  (e) => (e.records as RecordsExport).types,
)

/**
 * The import records of an export's items in the workspace `workspace` (empty: every workspace the
 * key reads), the records of the list each one heads (a group's members) after its own.
 */
export async function* recordPages(
  client: AwarenessClient,
  e: ResourceExport,
  workspace: string,
  query: Record<string, string | undefined>,
): AsyncGenerator<Page> {
  const records = e.records as RecordsExport
  const pages =
    e.pageSize === undefined
      ? [{ data: [await client.request(e.path, query)] }]
      : client.paginate(e.path, query, { limit: e.pageSize }).pages()
  for await (const page of pages) {
    const data = []
    for (const item of page.data as { id: string }[]) {
      data.push(...records.of(item as never, workspace))
      const children = records.children
      if (children === undefined) continue
      const path = withId(children.path, children.id, item.id)
      const list = client.paginate(path, { workspace_id: workspace }, { limit: children.pageSize })
      for await (const childPage of list.pages())
        for (const child of childPage.data) data.push(...children.of(child as never, item.id, workspace))
    }
    yield { data, items: page.data.length }
  }
}

/**
 * Every record the API can read back (CONTRACT 13, `export all`): the exports without workspace
 * (the organization and its workspaces) first, then each workspace they name, export by export. Its
 * pages count records.
 */
export async function* allRecords(
  client: AwarenessClient,
  workspace: string | undefined,
): AsyncGenerator<Page> {
  const roots = RECORD_EXPORTS.filter((e) => e.workspace === false)
  const items = await Promise.all(roots.map((e) => client.request(e.path)))
  const ids = roots
    .flatMap((e, i) => (e.records as RecordsExport).workspaces?.(items[i] as never) ?? [])
    .filter((id) => workspace === undefined || id === workspace)
  if (ids.length === 0)
    throw new CliError(
      workspace === undefined
        ? 'the key reads no workspace'
        : `workspace ${workspace}: not one of the workspaces this key reads`,
    )
  for (const [i, e] of roots.entries())
    yield { data: (e.records as RecordsExport).of(items[i] as never, workspace ?? '') }
  for (const id of ids)
    for (const e of RECORD_EXPORTS.filter((e) => e.workspace !== false))
      for await (const { data } of recordPages(client, e, id, { workspace_id: id })) yield { data }
}
