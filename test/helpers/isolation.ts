// The isolation property's cases (test/security/isolation.test.ts): each resource declares its own
// in test/resources/<resource>/isolation.ts, and the property walks every one of them. A case names
// its operation by the document's path (the scope and the URL follow from it) and says what a key
// that may read the target gets.

import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type ApiDataset, unknownId } from './dataset.js'
import { MODULE_EXTENSION } from './root.js'

/** A key of organization A or B, limited to one workspace or not. */
export interface Reach {
  organizationId: string
  workspace: string | null
}

/**
 * The id a path's `{…}` takes: 0, 1, 2 or 3 picks one of workspace A1, A2 or B1, or one that
 * exists nowhere.
 */
export type PathId = (d: ApiDataset, pick: number) => string

interface CaseBase {
  /** The operation's path as the document writes it: `/v1/groups/{group_id}/employees`. */
  path: string
  /** The id in the path, when it has one. */
  id?: PathId
}

/** A list or an object of the workspace named by `workspace_id`. */
export interface WorkspaceCase extends CaseBase {
  kind: 'workspace'
  /** The 404 code when the path's id is not of the workspace (unchecked when absent). */
  notFound?: string
  /** The data answered when the key may read the workspace (and the path's id is in it). */
  data(d: ApiDataset, workspace: string, id: string): unknown
}

/** An object found by the key's reach alone (an id in any workspace the key may read). */
export interface ReachCase extends CaseBase {
  kind: 'reach'
  /** The data a key of `reach` gets, or null for the same 404 as an unknown id. */
  data(d: ApiDataset, id: string, reach: Reach): unknown | null
}

export type IsolationCase = WorkspaceCase | ReachCase

/** Every resource's cases (test/resources/*\/isolation.ts), in folder order. */
export async function isolationCases(): Promise<IsolationCase[]> {
  const folder = resolve(import.meta.dirname, '../resources')
  const cases: IsolationCase[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!entry.isDirectory()) continue
    const files = readdirSync(join(folder, entry.name))
    if (!files.includes(`isolation${MODULE_EXTENSION}`)) continue
    const module = (await import(join(folder, entry.name, `isolation${MODULE_EXTENSION}`))) as {
      ISOLATION: IsolationCase[]
    }
    cases.push(...module.ISOLATION)
  }
  return cases
}

/** The first record of `type` in workspace A1, A2 or B1, or an id that exists nowhere. */
export function firstOf(type: string): PathId {
  const unknown = unknownId()
  return (d, pick) => {
    const workspace = [d.a1, d.a2, d.b1][pick]
    if (workspace === undefined) return unknown
    return d.all.find((r) => r.type === type && r.workspace_id === workspace)?.id as string
  }
}
