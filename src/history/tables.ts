// The tables of the program's history (CONTRACT 17), added to the engine's Database type.

declare module '../db/tables.js' {
  interface Database {
    workspace_snapshots: WorkspaceSnapshotsTable
    karma_history: KarmaHistoryTable
    group_history: GroupHistoryTable
    period_statistics: PeriodStatisticsTable
  }
}

/** Per import and workspace it holds records of: the statistics as they stood at its `as_of`. */
export interface WorkspaceSnapshotsTable {
  workspace_id: string
  as_of: string
  /** `/v1/employees/statistics`'s answer, as its endpoint renders it. */
  employees_json: string
  /** `/v1/courses/statistics`'s answer, as its endpoint renders it. */
  courses_json: string
}

/** An employee's karma from `as_of` on, written when it differs from their previous row. */
export interface KarmaHistoryTable {
  workspace_id: string
  employee_id: string
  as_of: string
  score: number | null
  security_level: string | null
}

/** A group's figures from `as_of` on, written when they differ from its previous row. */
export interface GroupHistoryTable {
  workspace_id: string
  group_id: string
  as_of: string
  employees_count: number
  average_karma_score: number | null
}

/** A window statistic's answer over one period, over the data held at the last import (kept-periods.ts). */
export interface PeriodStatisticsTable {
  workspace_id: string
  /** The statistics operation's id (`getCampaignStatistics`). */
  statistic: string
  /** The period's length: month, week or day. */
  unit: string
  /** The period's first instant; '' for the answer of a period that holds no data. */
  start: string
  /** The statistic's answer, as its endpoint renders it. */
  json: string
}
