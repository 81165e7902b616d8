// The tables of the program's history (CONTRACT 17) that no resource owns, added to the engine's
// Database type: the moments, the state statistics kept at each, the window statistics per period.
// A resource's own history (an employee's karma, a group's figures) is in its folder.

declare module '../db/tables.js' {
  interface Database {
    workspace_snapshots: WorkspaceSnapshotsTable
    kept_statistics: KeptStatisticsTable
    period_statistics: PeriodStatisticsTable
  }
}

/** Per import and workspace it holds records of: the moment, its `as_of`. */
export interface WorkspaceSnapshotsTable {
  workspace_id: string
  as_of: string
}

/** A state statistic's answer as an import kept it (history/kept-statistics.ts). */
export interface KeptStatisticsTable {
  workspace_id: string
  /** The statistics operation's id (`getEmployeeStatistics`). */
  statistic: string
  as_of: string
  /** The statistic's answer, as its endpoint renders it. */
  json: string
  /** The employees its figures describe that it does not publish (figures.ts Counts, as JSON); null before they were kept. */
  counts: string | null
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
