// What a resource declares about the events its changes make (CONTRACT 14), for the import engine
// (src/importer/events.ts): which of its renderings an import may change, and how to read them.
// An event is recorded when a rendering appears, changes or disappears; the engine compares the
// renderings read before the merge with those read after every rendering step.

import type { OcsfMapping } from '../ocsf/render.js'
import type { ChangedRecords } from './spec.js'

/** An import record type's name (`employee`, `course_progress`, …). */
type RecordTypeName = string

export interface EventCandidates {
  changed: ChangedRecords
  /** A --replace import. */
  replace: boolean
  /**
   * SQL selecting `columns` (unqualified, or qualified by the target table's name) of the stored
   * rows of record type `type` that this --replace deletes; none without --replace.
   */
  deleted(type: RecordTypeName, columns: string): string
}

/** `join <keys> on <on>` (the candidates table, aliased `k`), or nothing when every rendering is wanted. */
export function keysJoin(keys: string | null, on: string): string {
  return keys === null ? '' : `join ${keys} on ${on}`
}

export interface EventSource {
  /** The event types' prefix: `employee` records `employee.created`, `.updated`, `.deleted`. */
  name: string
  /**
   * What `data.object` is: the $id of the schema its GET renders, and how the Event schema's
   * description calls it (`an Employee`).
   */
  object: { schema: string; description: string; example: unknown }
  /** Columns naming one rendering, `workspace_id` first. */
  key: readonly string[]
  /**
   * SQL selects of `key` columns (in order) naming the renderings an import may change: changed
   * records, rows that embed them, rows a --replace deletes. Run before the merge.
   */
  candidates(c: EventCandidates): string[]
  /** The table holding one row per rendering: when it was empty before an import, all it holds after is new. */
  table: string
  /**
   * SQL selecting the `key` columns and `json` (exactly as the resource's GET renders it) of the
   * renderings named in the candidates table `keys`, aliased `k` (join it with `keysJoin`), or of
   * every rendering when `keys` is null.
   */
  rendering(keys: string | null): string
  /**
   * SQL selecting the `key` columns and `json` of every rendering of the workspaces `workspaces`
   * (SQL listing them), in the order the table stores them, where that is not the order the
   * planner would pick: an import on SQLite reads a new workspace's renderings so. By default,
   * `rendering` filtered on the workspace.
   */
  renderingOfWorkspaces?(workspaces: string): string
  /**
   * Set when the resource is never created or deleted on its own, only updated (course_progress):
   * a rendering that appears is an update from `previous` (its empty state), unless `empty` (SQL
   * over `r.json`) holds; one that disappears makes no event.
   */
  updateOnly?: { previous: Record<string, unknown>; empty: string }
  /**
   * False when a rendering that disappears makes no event: the resource has no `.deleted` type (its
   * parent's deletion says it).
   */
  deletions?: false
  /** Top-level fields whose change makes an update; by default any. */
  updatedBy?: readonly string[]
  /** How its events read in OCSF (`?format=ocsf`, OCSF webhooks): docs/ocsf.md. */
  ocsf: OcsfMapping
  /** Event types of the resource recorded outside imports (`employee.erased`), each with its object. */
  others?: readonly OtherEventType[]
}

/** An event type recorded outside imports, by a command (an erasure), with an object of its own. */
export interface OtherEventType {
  type: string
  object: { schema: string; description: string; example: unknown }
  /** When it is sent, for the webhook's description in the document. */
  sentFor: string
  ocsf: OcsfMapping
}

/** Every event type of a source: those its imports record (eventTypesOf), then its others. */
export function allEventTypesOf(source: EventSource): string[] {
  return [...eventTypesOf(source), ...(source.others ?? []).map((other) => other.type)]
}

/** The event types a source's imports record: `.created`, `.updated`, `.deleted`, or only `.updated`. */
export function eventTypesOf(source: EventSource): string[] {
  const kinds = source.updateOnly
    ? ['updated']
    : source.deletions === false
      ? ['created', 'updated']
      : ['created', 'updated', 'deleted']
  return kinds.map((kind) => `${source.name}.${kind}`)
}
