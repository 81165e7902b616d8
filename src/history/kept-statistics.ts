// A state statistic whose answer each import keeps (CONTRACT 17), declared once by its resource:
// its route (the answer now, or with `as_of` the one the last import at or before it kept), its
// history twin (`…/history`), and the import step that keeps each workspace's answer in
// `kept_statistics`. Adding one touches its resource's folder only: no table, no engine file.

import type { TObject } from 'typebox'
import type { WorkspaceRows } from '../access.js'
import type { WriteSession } from '../db/write-session.js'
import type { Scope } from '../domain/scopes.js'
import type { Counted } from '../privacy/aggregate.js'
import type { HistoryMoment, KeptAnswer, KeptStatisticStep } from '../records/spec.js'
import { defineItem } from '../routing/item.js'
import { workspaceId } from '../routing/schemas.js'
import { asOfParameter, keptAt, keptOrNotFound, keptSpan } from './read.js'
import { keptTwin } from './twins.js'

export interface KeptStatisticDefinition<T> {
  operationId: string
  path: string
  summary: string
  description: string
  scope: Scope
  /** The answer's schema, by its $id. */
  item: string
  /**
   * The answer now; for an aggregate key (`aggregate`), with the employees its figures describe
   * that it does not publish (`Counted.counts`).
   */
  read(from: WorkspaceRows, aggregate: boolean): Promise<T | Counted<T>>
  /**
   * The answer's field that counts its population (the workspace's active employees), by which an
   * aggregate key is shown its figures, and each point of its series (CONTRACT 19).
   */
  population: string
  /** At an import's moment, each of its workspaces' answer, as the endpoint renders it, and its counts. */
  keep(session: WriteSession, moment: HistoryMoment): Promise<Map<string, KeptAnswer>>
  /** The history twin: its operation, and its point's schema (points.ts statePoint). */
  history: { operationId: string; summary: string; point: TObject; also?: string }
}

/** The statistic's operation, its history twin's, and the step that keeps it (ImportSteps.keptStatistics). */
export function keptStatistic<T>(definition: KeptStatisticDefinition<T>) {
  const statistic = definition.operationId
  const operation = defineItem({
    operationId: statistic,
    path: definition.path,
    summary: definition.summary,
    description: definition.description,
    scope: definition.scope,
    parameters: { workspace_id: workspaceId, as_of: asOfParameter },
    item: definition.item,
    aggregate: { ownField: definition.population },
    async read(from, { as_of }, _wanted, _population, aggregate) {
      if (as_of !== undefined) return keptOrNotFound(keptAt(from, statistic, as_of), as_of)
      return definition.read(from, aggregate === true)
    },
  })
  const history = keptTwin(operation, {
    ...definition.history,
    kept: (from, first, end) => keptSpan(from, statistic, first, end),
  })
  const step: KeptStatisticStep = { statistic, render: definition.keep }
  return { operation, history, step }
}
