// The isolation property's cases (test/security/isolation.test.ts): each resource declares its own
// in test/resources/<resource>/isolation.ts, and the property walks every one of them. A case names
// the route as the document does (its scope is read from there) and says what a key that may read
// the target gets.

import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { ApiDataset } from './dataset.js'

/** Where a request goes: a workspace of the dataset (or none), and an index for the path's id. */
export interface Target {
  workspace: string
  /** 0, 1, 2 or 3: the case's path id of workspace A1, A2 or B1, or one that exists nowhere. */
  pick: number
}

/** A key of organization A or B, limited to one workspace or not. */
export interface Reach {
  organizationId: string
  workspace: string | null
}

interface CaseBase {
  /** The operation's path as the document writes it: `/v1/groups/{group_id}/employees`. */
  path: string
}

/** A list or an object of the workspace named by `workspace_id`. */
export interface WorkspaceCase extends CaseBase {
  kind: 'workspace'
  url(d: ApiDataset, target: Target): string
  /** The path id of a parent that must belong to the workspace, and its 404 code. */
  parent?: { id(d: ApiDataset, target: Target): string; notFound: string }
  /** The data answered when the key may read the workspace (and the parent is in it). */
  data(d: ApiDataset, target: Target): unknown
}

/** An object found by the key's reach alone (an id in any workspace the key may read). */
export interface ReachCase extends CaseBase {
  kind: 'reach'
  url(d: ApiDataset, target: Target): string
  /** The data a key of `reach` gets, or null for the same 404 as an unknown id. */
  data(d: ApiDataset, target: Target, reach: Reach): unknown | null
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
    if (!files.includes('isolation.ts')) continue
    const module = (await import(join(folder, entry.name, 'isolation.ts'))) as { ISOLATION: IsolationCase[] }
    cases.push(...module.ISOLATION)
  }
  return cases
}

/** The first record of `type` in workspace A1, A2 or B1 (pick 0 to 2), or an id that exists nowhere (3). */
export function recordOf(d: ApiDataset, type: string, pick: number, unknown: string): string {
  const workspace = [d.a1, d.a2, d.b1][pick]
  if (workspace === undefined) return unknown
  return d.all.find((r) => r.type === type && r.workspace_id === workspace)?.id as string
}
