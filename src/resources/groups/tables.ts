// The tables the groups resource owns, added to the engine's Database type (db/tables.ts).

declare module '../../db/tables.js' {
  interface Database {
    groups: GroupsTable
    group_members: GroupMembersTable
    group_history: GroupHistoryTable
  }
}

export interface GroupsTable {
  workspace_id: string
  id: string
  name: string
  description: string | null
  created_at: string
  updated_at: string
  /** Derived at import from its members. */
  employees_count: number
  /** The group as the API renders it, with its count (null: to render). */
  json: string | null
}

export interface GroupMembersTable {
  group_id: string
  employee_id: string
  /** The group's (resolved at import). */
  workspace_id: string
  added_at: string
  /** The member as the API renders it: its employee's reference and added_at (render.ts). */
  json: string
}

/** A group's figures from `as_of` on (CONTRACT 17), written when they differ from its previous row. */
export interface GroupHistoryTable {
  workspace_id: string
  group_id: string
  as_of: string
  employees_count: number
  average_karma_score: number | null
  /** The members average_karma_score averages (CONTRACT 19); null in rows kept before it was kept. */
  karma_count: number | null
}
