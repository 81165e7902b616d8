// Generated from openapi.json and the resources' client names by `npm run openapi`; do not edit.
// The filters of each operation that names them (src/resources/*/index.ts: client).

/** The filters of listEmployees. */
export interface EmployeeFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps only employees with one of these statuses. Comma-separated (or the parameter repeated), any of: active, deactivated, pending, unlicensed. */
  status?: readonly ('active' | 'deactivated' | 'pending' | 'unlicensed')[]
  /** Keeps employees whose karma score is at least this (no karma: never). */
  karmaScoreGte?: number
  /** Keeps employees whose karma score is at most this (no karma: never). */
  karmaScoreLte?: number
  /** Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
  department?: string
  /** Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
  countryCode?: readonly string[]
  /** Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
  groupId?: readonly string[]
  /** Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
  managerId?: string
  /** Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
  managerTree?: string
}

/** The filters of listCourseEmployees. */
export interface CourseEmployeeFilters {
  courseId: string
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps only employees whose entry has one of these statuses. Comma-separated (or the parameter repeated), any of: completed, missed, upcoming. */
  status?: readonly ('completed' | 'missed' | 'upcoming')[]
}

/** The filters of listBreaches. */
export interface BreachFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps only breaches with one of these statuses (active while a compromised employee of the workspace has not acknowledged). Comma-separated (or the parameter repeated), any of: active, resolved. */
  status?: readonly ('active' | 'resolved')[]
}

/** The filters of listCompromisedEmployees. */
export interface CompromisedFilters {
  breachId: string
  /** The workspace whose data is returned. */
  workspaceId: string
  /** true: only employees who were notified about the breach; false: only those not notified. */
  warned?: boolean
  /** true: only employees who acknowledged the breach; false: only those who did not. */
  acknowledged?: boolean
}

/** The filters of listGroups. */
export interface GroupFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
}

/** The filters of listGroupEmployees. */
export interface GroupEmployeeFilters {
  groupId: string
  /** The workspace whose data is returned. */
  workspaceId: string
}

/** The filters of listCampaigns. */
export interface CampaignFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps only campaigns with one of these statuses. Comma-separated (or the parameter repeated), any of: draft, scheduled, active, paused, completed. */
  status?: readonly ('draft' | 'scheduled' | 'active' | 'paused' | 'completed')[]
  /** Only campaigns created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only campaigns created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
}

/** The filters of listCampaignAttacks. */
export interface CampaignAttackFilters {
  campaignId: string
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Only the attacks of this cycle of the campaign. */
  campaignCycleId?: string
  /** true: only attacks that tricked their employee; false: only the others. */
  isTricked?: boolean
  /** Only attacks created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only attacks created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
}

/** The filters of listInboxTickets. */
export interface InboxTicketFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps only tickets with one of these classifications (unreviewed: not classified yet). Comma-separated (or the parameter repeated), any of: unreviewed, safe, spam, fraudulent. */
  classification?: readonly ('unreviewed' | 'safe' | 'spam' | 'fraudulent')[]
  /** Only tickets created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only tickets created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
}

/** The filters of listEmployeesWithEmailReports. */
export interface InboxReporterFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Only reports made at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only reports made at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
}

/** The filters of listInboxTicketReports. */
export interface InboxTicketReportFilters {
  ticketId: string
  /** The workspace whose data is returned. */
  workspaceId: string
}

/** The filters of listEmployeesAlertStatistics. */
export interface AlertStatisticsFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Only alerts created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only alerts created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
}

/** The filters of listEmployeesImpersonationStatistics. */
export interface ImpersonationStatisticsFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Only impersonation attempts created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only impersonation attempts created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
}

/** The filters of listReportBreakdown. */
export interface BreakdownFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** The dimension the members are grouped by. */
  by: 'department' | 'manager' | 'group' | 'country'
  /** Only attacks created and email reports made at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only attacks created and email reports made at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
  /** Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
  department?: string
  /** Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
  countryCode?: readonly string[]
  /** Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
  groupId?: readonly string[]
  /** Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
  managerId?: string
  /** Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
  managerTree?: string
}

/** The filters of listRepeatOffenders. */
export interface RepeatOffenderFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps the members tricked in at least this many attacks. */
  minTricked?: number
  /** Only attacks created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only attacks created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
  /** Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
  department?: string
  /** Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
  countryCode?: readonly string[]
  /** Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
  groupId?: readonly string[]
  /** Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
  managerId?: string
  /** Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
  managerTree?: string
}

/** The filters of listSimulationCoverage. */
export interface SimulationCoverageFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps the members with attacks in the window (true) or without (false). */
  attacked?: boolean
  /** Only attacks created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdAfter?: string
  /** Only attacks created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
  createdBefore?: string
  /** Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
  department?: string
  /** Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
  countryCode?: readonly string[]
  /** Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
  groupId?: readonly string[]
  /** Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
  managerId?: string
  /** Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
  managerTree?: string
}

/** The filters of listTrainingCoverage. */
export interface TrainingCoverageFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps the members with at least one missed entry (true) or without (false). */
  missed?: boolean
  /** Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
  department?: string
  /** Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
  countryCode?: readonly string[]
  /** Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
  groupId?: readonly string[]
  /** Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
  managerId?: string
  /** Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
  managerTree?: string
}

/** The filters of listEvents. */
export interface EventFilters {
  /** The workspace whose data is returned. */
  workspaceId: string
  /** Keeps only events of these types. Comma-separated (or the parameter repeated), any of: employee.created, employee.updated, employee.deleted, employee.erased, course.created, course.updated, course.deleted, course_progress.updated, breach.created, breach.updated, breach.deleted, compromised_employee.created, compromised_employee.updated, compromised_employee.deleted, group.created, group.updated, group.deleted, campaign.created, campaign.updated, campaign.deleted, attack.created, attack.updated, inbox_ticket.created, inbox_ticket.updated, inbox_ticket.deleted. */
  types?: readonly (
    | 'employee.created'
    | 'employee.updated'
    | 'employee.deleted'
    | 'employee.erased'
    | 'course.created'
    | 'course.updated'
    | 'course.deleted'
    | 'course_progress.updated'
    | 'breach.created'
    | 'breach.updated'
    | 'breach.deleted'
    | 'compromised_employee.created'
    | 'compromised_employee.updated'
    | 'compromised_employee.deleted'
    | 'group.created'
    | 'group.updated'
    | 'group.deleted'
    | 'campaign.created'
    | 'campaign.updated'
    | 'campaign.deleted'
    | 'attack.created'
    | 'attack.updated'
    | 'inbox_ticket.created'
    | 'inbox_ticket.updated'
    | 'inbox_ticket.deleted'
  )[]
  /** The id of the last event the client handled: the feed resumes after it. An id older than the retention is a 410 event_expired; one that names no event of this workspace is a 422. */
  after?: string | null
}
