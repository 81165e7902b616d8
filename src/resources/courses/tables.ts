// The tables the courses resource owns, added to the engine's Database type (db/tables.ts).

declare module '../../db/tables.js' {
  interface Database {
    courses: CoursesTable
    course_progress: CourseProgressTable
    employee_progress: EmployeeProgressTable
    course_feedback: CourseFeedbackTable
    workspace_statistics: WorkspaceStatisticsTable
  }
}

export interface CoursesTable {
  workspace_id: string
  id: string
  created_at: string
  json: string
  /** The course as a progress entry embeds it. */
  ref_json: string
}

export interface CourseProgressTable {
  employee_id: string
  course_id: string
  workspace_id: string
  status: string | null
  /** The latest completed_at of its years (null when none): what reports read (CONTRACT 18). */
  last_completed_at: string | null
  /** The entry after its course: `{"course":` + course ref_json + json_tail. */
  json_tail: string
}

export interface EmployeeProgressTable {
  workspace_id: string
  created_at: string
  employee_id: string
  json: string
}

export interface CourseFeedbackTable {
  id: string
  employee_id: string
  course_id: string
  workspace_id: string
  sentiment: string
  created_at: string
}

export interface WorkspaceStatisticsTable {
  workspace_id: string
  active_employees: number
  covered_employees: number
  average_courses_completed: number
}
