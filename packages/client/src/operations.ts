// Generated from openapi.json and the resources' client names by `npm run openapi`; do not edit.
// One method per operation, named by the resources (src/resources/*/index.ts: client).

import type {
  AlertStatisticsFilters,
  BreachFilters,
  BreakdownFilters,
  CampaignAttackFilters,
  CampaignFilters,
  CompromisedFilters,
  CourseEmployeeFilters,
  EmployeeFilters,
  EventFilters,
  GroupEmployeeFilters,
  GroupFilters,
  ImpersonationStatisticsFilters,
  InboxReporterFilters,
  InboxTicketFilters,
  InboxTicketReportFilters,
  RepeatOffenderFilters,
  SimulationCoverageFilters,
  TrainingCoverageFilters,
} from './filters.js'
import type { ApiPromise, CallOptions, ListOptions, PageOptions } from './index.js'
import type { List, Page } from './list.js'
import type {
  Attack,
  Breach,
  BreachStatistics,
  BreachStatisticsPoint,
  BreakdownCell,
  Campaign,
  CampaignStatistics,
  CampaignStatisticsPoint,
  CompromisedEmployee,
  Course,
  CourseEnrollment,
  EmailReport,
  Employee,
  EmployeeAlertStatistics,
  EmployeeCourseProgress,
  EmployeeEmailReports,
  EmployeeImpersonationStatistics,
  EmployeeStatistics,
  EmployeeStatisticsPoint,
  Event,
  Group,
  GroupKarmaPoint,
  GroupMember,
  InboxStatistics,
  InboxStatisticsPoint,
  InboxTicket,
  KarmaPoint,
  Organization,
  RepeatOffender,
  SimulationCoverage,
  Statistics,
  StatisticsPoint,
  TrainingCoverage,
} from './schemas.js'

/** Query parameters by name; undefined ones are left out. */
export type Query = Record<string, string | undefined>

/** The API's operations by namespace, over the transport's three calls. */
export abstract class Operations {
  abstract request<T = unknown>(path: string, query?: Query, options?: CallOptions): ApiPromise<T>
  abstract paginate<T = unknown>(path: string, query?: Query, options?: ListOptions): List<T>
  protected abstract page<T>(path: string, query: Query, options: PageOptions): Promise<Page<T>>

  readonly organization = {
    /** @example const { workspaces } = await client.organization.get() */
    get: (options: CallOptions = {}) => this.request<Organization>('/v1/organization', {}, options),
  }

  readonly employees = {
    /** @example for await (const employee of client.employees.list({ workspaceId, status: ['active'] })) … */
    list: (filters: EmployeeFilters, options: ListOptions = {}) =>
      this.paginate<Employee>('/v1/employees', listEmployeesQuery(filters), options),
    page: (filters: EmployeeFilters, options: PageOptions = {}) =>
      this.page<Employee>('/v1/employees', listEmployeesQuery(filters), options),
    /** @example const { active, total } = await client.employees.statistics({ workspaceId }) */
    statistics: Object.assign(
      (filters: { workspaceId: string; asOf?: string }, options: CallOptions = {}) =>
        this.request<EmployeeStatistics>(
          '/v1/employees/statistics',
          getEmployeeStatisticsQuery(filters),
          options,
        ),
      {
        /** @example const months = await client.employees.statistics.history({ workspaceId }) */
        history: (
          filters: { workspaceId: string; interval?: 'month' | 'week' | 'day'; from?: string; to?: string },
          options: CallOptions = {},
        ) =>
          this.request<EmployeeStatisticsPoint[]>(
            '/v1/employees/statistics/history',
            getEmployeeStatisticsHistoryQuery(filters),
            options,
          ),
      },
    ),
    get: (employeeId: string, options: CallOptions = {}) =>
      this.request<Employee>(`/v1/employees/${encodeURIComponent(employeeId)}`, {}, options),
    /** @example const weeks = await client.employees.karmaHistory({ employeeId, workspaceId, interval: 'week' }) */
    karmaHistory: (
      filters: {
        employeeId: string
        workspaceId: string
        interval?: 'month' | 'week' | 'day'
        from?: string
        to?: string
      },
      options: CallOptions = {},
    ) =>
      this.request<KarmaPoint[]>(
        getEmployeeKarmaHistoryPath(filters),
        getEmployeeKarmaHistoryQuery(filters),
        options,
      ),
  }

  readonly courses = {
    list: (filters: { workspaceId: string }, options: ListOptions = {}) =>
      this.paginate<Course>('/v1/courses', listCoursesQuery(filters), options),
    page: (filters: { workspaceId: string }, options: PageOptions = {}) =>
      this.page<Course>('/v1/courses', listCoursesQuery(filters), options),
    /** Each employee's progress in every course of the workspace. */
    progress: (filters: { workspaceId: string }, options: ListOptions = {}) =>
      this.paginate<EmployeeCourseProgress>(
        '/v1/courses/employees_progress',
        listEmployeesProgressQuery(filters),
        options,
      ),
    progressPage: (filters: { workspaceId: string }, options: PageOptions = {}) =>
      this.page<EmployeeCourseProgress>(
        '/v1/courses/employees_progress',
        listEmployeesProgressQuery(filters),
        options,
      ),
    /** The employees enrolled in a course, each with their progress in it. */
    employees: (filters: CourseEmployeeFilters, options: ListOptions = {}) =>
      this.paginate<CourseEnrollment>(
        listCourseEmployeesPath(filters),
        listCourseEmployeesQuery(filters),
        options,
      ),
    employeesPage: (filters: CourseEmployeeFilters, options: PageOptions = {}) =>
      this.page<CourseEnrollment>(
        listCourseEmployeesPath(filters),
        listCourseEmployeesQuery(filters),
        options,
      ),
    /** @example const { active_employees } = await client.courses.statistics({ workspaceId }) */
    statistics: Object.assign(
      (filters: { workspaceId: string; asOf?: string }, options: CallOptions = {}) =>
        this.request<Statistics>('/v1/courses/statistics', getProgramStatisticsQuery(filters), options),
      {
        /** @example const months = await client.courses.statistics.history({ workspaceId }) */
        history: (
          filters: { workspaceId: string; interval?: 'month' | 'week' | 'day'; from?: string; to?: string },
          options: CallOptions = {},
        ) =>
          this.request<StatisticsPoint[]>(
            '/v1/courses/statistics/history',
            getProgramStatisticsHistoryQuery(filters),
            options,
          ),
      },
    ),
  }

  readonly breaches = {
    list: (filters: BreachFilters, options: ListOptions = {}) =>
      this.paginate<Breach>('/v1/breaches', listBreachesQuery(filters), options),
    page: (filters: BreachFilters, options: PageOptions = {}) =>
      this.page<Breach>('/v1/breaches', listBreachesQuery(filters), options),
    /** @example const { impacted_employees_count } = await client.breaches.statistics({ workspaceId, breachedAfter: '2026-01-01' }) */
    statistics: Object.assign(
      (
        filters: { workspaceId: string; breachedAfter?: string; breachedBefore?: string },
        options: CallOptions = {},
      ) =>
        this.request<BreachStatistics>('/v1/breaches/statistics', getBreachStatisticsQuery(filters), options),
      {
        /** @example const weeks = await client.breaches.statistics.history({ workspaceId, interval: 'week' }) */
        history: (
          filters: { workspaceId: string; interval?: 'month' | 'week' | 'day'; from?: string; to?: string },
          options: CallOptions = {},
        ) =>
          this.request<BreachStatisticsPoint[]>(
            '/v1/breaches/statistics/history',
            getBreachStatisticsHistoryQuery(filters),
            options,
          ),
      },
    ),
    /** @example for await (const c of client.breaches.compromisedEmployees({ breachId, workspaceId, acknowledged: false })) … */
    compromisedEmployees: (filters: CompromisedFilters, options: ListOptions = {}) =>
      this.paginate<CompromisedEmployee>(
        listCompromisedEmployeesPath(filters),
        listCompromisedEmployeesQuery(filters),
        options,
      ),
    compromisedEmployeesPage: (filters: CompromisedFilters, options: PageOptions = {}) =>
      this.page<CompromisedEmployee>(
        listCompromisedEmployeesPath(filters),
        listCompromisedEmployeesQuery(filters),
        options,
      ),
  }

  readonly groups = {
    list: (filters: GroupFilters, options: ListOptions = {}) =>
      this.paginate<Group>('/v1/groups', listGroupsQuery(filters), options),
    page: (filters: GroupFilters, options: PageOptions = {}) =>
      this.page<Group>('/v1/groups', listGroupsQuery(filters), options),
    /** @example for await (const member of client.groups.employees({ groupId, workspaceId })) … */
    employees: (filters: GroupEmployeeFilters, options: ListOptions = {}) =>
      this.paginate<GroupMember>(listGroupEmployeesPath(filters), listGroupEmployeesQuery(filters), options),
    employeesPage: (filters: GroupEmployeeFilters, options: PageOptions = {}) =>
      this.page<GroupMember>(listGroupEmployeesPath(filters), listGroupEmployeesQuery(filters), options),
    /** @example const months = await client.groups.karmaHistory({ groupId, workspaceId }) */
    karmaHistory: (
      filters: {
        groupId: string
        workspaceId: string
        interval?: 'month' | 'week' | 'day'
        from?: string
        to?: string
      },
      options: CallOptions = {},
    ) =>
      this.request<GroupKarmaPoint[]>(
        getGroupKarmaHistoryPath(filters),
        getGroupKarmaHistoryQuery(filters),
        options,
      ),
  }

  readonly campaigns = {
    list: (filters: CampaignFilters, options: ListOptions = {}) =>
      this.paginate<Campaign>('/v1/campaigns', listCampaignsQuery(filters), options),
    page: (filters: CampaignFilters, options: PageOptions = {}) =>
      this.page<Campaign>('/v1/campaigns', listCampaignsQuery(filters), options),
    /** @example const { vulnerability_rate } = await client.campaigns.statistics({ workspaceId }) */
    statistics: Object.assign(
      (
        filters: {
          workspaceId: string
          campaignId?: string
          campaignCycleId?: string
          createdAfter?: string
          createdBefore?: string
        },
        options: CallOptions = {},
      ) =>
        this.request<CampaignStatistics>(
          '/v1/campaigns/statistics',
          getCampaignStatisticsQuery(filters),
          options,
        ),
      {
        /** @example const months = await client.campaigns.statistics.history({ workspaceId }) */
        history: (
          filters: { workspaceId: string; interval?: 'month' | 'week' | 'day'; from?: string; to?: string },
          options: CallOptions = {},
        ) =>
          this.request<CampaignStatisticsPoint[]>(
            '/v1/campaigns/statistics/history',
            getCampaignStatisticsHistoryQuery(filters),
            options,
          ),
      },
    ),
    /** @example for await (const attack of client.campaigns.attacks({ campaignId, workspaceId })) … */
    attacks: (filters: CampaignAttackFilters, options: ListOptions = {}) =>
      this.paginate<Attack>(listCampaignAttacksPath(filters), listCampaignAttacksQuery(filters), options),
    attacksPage: (filters: CampaignAttackFilters, options: PageOptions = {}) =>
      this.page<Attack>(listCampaignAttacksPath(filters), listCampaignAttacksQuery(filters), options),
  }

  readonly inbox = {
    tickets: (filters: InboxTicketFilters, options: ListOptions = {}) =>
      this.paginate<InboxTicket>('/v1/inbox_tickets', listInboxTicketsQuery(filters), options),
    ticketsPage: (filters: InboxTicketFilters, options: PageOptions = {}) =>
      this.page<InboxTicket>('/v1/inbox_tickets', listInboxTicketsQuery(filters), options),
    /** @example const { reports, tickets } = await client.inbox.statistics({ workspaceId }) */
    statistics: Object.assign(
      (
        filters: { workspaceId: string; createdAfter?: string; createdBefore?: string },
        options: CallOptions = {},
      ) =>
        this.request<InboxStatistics>(
          '/v1/inbox_tickets/statistics',
          getInboxStatisticsQuery(filters),
          options,
        ),
      {
        /** @example const days = await client.inbox.statistics.history({ workspaceId, interval: 'day' }) */
        history: (
          filters: { workspaceId: string; interval?: 'month' | 'week' | 'day'; from?: string; to?: string },
          options: CallOptions = {},
        ) =>
          this.request<InboxStatisticsPoint[]>(
            '/v1/inbox_tickets/statistics/history',
            getInboxStatisticsHistoryQuery(filters),
            options,
          ),
      },
    ),
    /** @example for await (const row of client.inbox.reporters({ workspaceId })) … */
    reporters: (filters: InboxReporterFilters, options: ListOptions = {}) =>
      this.paginate<EmployeeEmailReports>(
        '/v1/inbox_tickets/list_employees_with_email_reports',
        listEmployeesWithEmailReportsQuery(filters),
        options,
      ),
    reportersPage: (filters: InboxReporterFilters, options: PageOptions = {}) =>
      this.page<EmployeeEmailReports>(
        '/v1/inbox_tickets/list_employees_with_email_reports',
        listEmployeesWithEmailReportsQuery(filters),
        options,
      ),
    /** @example for await (const report of client.inbox.reports({ ticketId, workspaceId })) … */
    reports: (filters: InboxTicketReportFilters, options: ListOptions = {}) =>
      this.paginate<EmailReport>(
        listInboxTicketReportsPath(filters),
        listInboxTicketReportsQuery(filters),
        options,
      ),
    reportsPage: (filters: InboxTicketReportFilters, options: PageOptions = {}) =>
      this.page<EmailReport>(
        listInboxTicketReportsPath(filters),
        listInboxTicketReportsQuery(filters),
        options,
      ),
  }

  readonly slash = {
    /** @example for await (const row of client.slash.alertStatistics({ workspaceId })) … */
    alertStatistics: (filters: AlertStatisticsFilters, options: ListOptions = {}) =>
      this.paginate<EmployeeAlertStatistics>(
        '/v1/slash/employees/alert_statistics',
        listEmployeesAlertStatisticsQuery(filters),
        options,
      ),
    alertStatisticsPage: (filters: AlertStatisticsFilters, options: PageOptions = {}) =>
      this.page<EmployeeAlertStatistics>(
        '/v1/slash/employees/alert_statistics',
        listEmployeesAlertStatisticsQuery(filters),
        options,
      ),
    /** @example for await (const row of client.slash.impersonationStatistics({ workspaceId })) … */
    impersonationStatistics: (filters: ImpersonationStatisticsFilters, options: ListOptions = {}) =>
      this.paginate<EmployeeImpersonationStatistics>(
        '/v1/slash/employees/impersonation_statistics',
        listEmployeesImpersonationStatisticsQuery(filters),
        options,
      ),
    impersonationStatisticsPage: (filters: ImpersonationStatisticsFilters, options: PageOptions = {}) =>
      this.page<EmployeeImpersonationStatistics>(
        '/v1/slash/employees/impersonation_statistics',
        listEmployeesImpersonationStatisticsQuery(filters),
        options,
      ),
  }

  readonly reports = {
    /** @example for await (const cell of client.reports.breakdown({ workspaceId, by: 'manager' })) … */
    breakdown: (filters: BreakdownFilters, options: ListOptions = {}) =>
      this.paginate<BreakdownCell>('/v1/reports/breakdown', listReportBreakdownQuery(filters), options),
    breakdownPage: (filters: BreakdownFilters, options: PageOptions = {}) =>
      this.page<BreakdownCell>('/v1/reports/breakdown', listReportBreakdownQuery(filters), options),
    /** @example for await (const row of client.reports.repeatOffenders({ workspaceId })) … */
    repeatOffenders: (filters: RepeatOffenderFilters, options: ListOptions = {}) =>
      this.paginate<RepeatOffender>(
        '/v1/reports/repeat_offenders',
        listRepeatOffendersQuery(filters),
        options,
      ),
    repeatOffendersPage: (filters: RepeatOffenderFilters, options: PageOptions = {}) =>
      this.page<RepeatOffender>('/v1/reports/repeat_offenders', listRepeatOffendersQuery(filters), options),
    /** @example for await (const row of client.reports.simulationCoverage({ workspaceId, attacked: false })) … */
    simulationCoverage: (filters: SimulationCoverageFilters, options: ListOptions = {}) =>
      this.paginate<SimulationCoverage>(
        '/v1/reports/simulation_coverage',
        listSimulationCoverageQuery(filters),
        options,
      ),
    simulationCoveragePage: (filters: SimulationCoverageFilters, options: PageOptions = {}) =>
      this.page<SimulationCoverage>(
        '/v1/reports/simulation_coverage',
        listSimulationCoverageQuery(filters),
        options,
      ),
    /** @example for await (const row of client.reports.trainingCoverage({ workspaceId, missed: true })) … */
    trainingCoverage: (filters: TrainingCoverageFilters, options: ListOptions = {}) =>
      this.paginate<TrainingCoverage>(
        '/v1/reports/training_coverage',
        listTrainingCoverageQuery(filters),
        options,
      ),
    trainingCoveragePage: (filters: TrainingCoverageFilters, options: PageOptions = {}) =>
      this.page<TrainingCoverage>(
        '/v1/reports/training_coverage',
        listTrainingCoverageQuery(filters),
        options,
      ),
  }

  readonly events = {
    /**
     * The events after `after`, oldest first, to the newest recorded so far.
     * @example for await (const event of client.events.list({ workspaceId, after: stored })) handle(event)
     */
    list: (filters: EventFilters, options: ListOptions = {}) =>
      this.paginate<Event>('/v1/events', listEventsQuery(filters), options),
    page: (filters: EventFilters, options: PageOptions = {}) =>
      this.page<Event>('/v1/events', listEventsQuery(filters), options),
  }
}

function listEmployeesQuery(f: EmployeeFilters): Query {
  return {
    workspace_id: f.workspaceId,
    status: f.status?.join(','),
    karma_score_gte: f.karmaScoreGte == null ? undefined : String(f.karmaScoreGte),
    karma_score_lte: f.karmaScoreLte == null ? undefined : String(f.karmaScoreLte),
    department: f.department ?? undefined,
    country_code: f.countryCode?.join(','),
    group_id: f.groupId?.join(','),
    manager_id: f.managerId ?? undefined,
    manager_tree: f.managerTree ?? undefined,
  }
}

function getEmployeeStatisticsQuery(f: { workspaceId: string; asOf?: string }): Query {
  return {
    workspace_id: f.workspaceId,
    as_of: f.asOf ?? undefined,
  }
}

function getEmployeeStatisticsHistoryQuery(f: {
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    interval: f.interval ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }
}

function getEmployeeKarmaHistoryQuery(f: {
  employeeId: string
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    interval: f.interval ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }
}

function getEmployeeKarmaHistoryPath(f: {
  employeeId: string
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): string {
  return `/v1/employees/${encodeURIComponent(f.employeeId)}/karma_history`
}

function listCoursesQuery(f: { workspaceId: string }): Query {
  return {
    workspace_id: f.workspaceId,
  }
}

function listEmployeesProgressQuery(f: { workspaceId: string }): Query {
  return {
    workspace_id: f.workspaceId,
  }
}

function listCourseEmployeesQuery(f: CourseEmployeeFilters): Query {
  return {
    workspace_id: f.workspaceId,
    status: f.status?.join(','),
  }
}

function listCourseEmployeesPath(f: CourseEmployeeFilters): string {
  return `/v1/courses/${encodeURIComponent(f.courseId)}`
}

function getProgramStatisticsQuery(f: { workspaceId: string; asOf?: string }): Query {
  return {
    workspace_id: f.workspaceId,
    as_of: f.asOf ?? undefined,
  }
}

function getProgramStatisticsHistoryQuery(f: {
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    interval: f.interval ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }
}

function listBreachesQuery(f: BreachFilters): Query {
  return {
    workspace_id: f.workspaceId,
    status: f.status?.join(','),
  }
}

function getBreachStatisticsQuery(f: {
  workspaceId: string
  breachedAfter?: string
  breachedBefore?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    breached_after: f.breachedAfter ?? undefined,
    breached_before: f.breachedBefore ?? undefined,
  }
}

function getBreachStatisticsHistoryQuery(f: {
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    interval: f.interval ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }
}

function listCompromisedEmployeesQuery(f: CompromisedFilters): Query {
  return {
    workspace_id: f.workspaceId,
    warned: f.warned == null ? undefined : String(f.warned),
    acknowledged: f.acknowledged == null ? undefined : String(f.acknowledged),
  }
}

function listCompromisedEmployeesPath(f: CompromisedFilters): string {
  return `/v1/breaches/${encodeURIComponent(f.breachId)}/compromised-employees`
}

function listGroupsQuery(f: GroupFilters): Query {
  return {
    workspace_id: f.workspaceId,
  }
}

function listGroupEmployeesQuery(f: GroupEmployeeFilters): Query {
  return {
    workspace_id: f.workspaceId,
  }
}

function listGroupEmployeesPath(f: GroupEmployeeFilters): string {
  return `/v1/groups/${encodeURIComponent(f.groupId)}/employees`
}

function getGroupKarmaHistoryQuery(f: {
  groupId: string
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    interval: f.interval ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }
}

function getGroupKarmaHistoryPath(f: {
  groupId: string
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): string {
  return `/v1/groups/${encodeURIComponent(f.groupId)}/karma_history`
}

function listCampaignsQuery(f: CampaignFilters): Query {
  return {
    workspace_id: f.workspaceId,
    status: f.status?.join(','),
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function getCampaignStatisticsQuery(f: {
  workspaceId: string
  campaignId?: string
  campaignCycleId?: string
  createdAfter?: string
  createdBefore?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    campaign_id: f.campaignId ?? undefined,
    campaign_cycle_id: f.campaignCycleId ?? undefined,
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function getCampaignStatisticsHistoryQuery(f: {
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    interval: f.interval ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }
}

function listCampaignAttacksQuery(f: CampaignAttackFilters): Query {
  return {
    workspace_id: f.workspaceId,
    campaign_cycle_id: f.campaignCycleId ?? undefined,
    is_tricked: f.isTricked == null ? undefined : String(f.isTricked),
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function listCampaignAttacksPath(f: CampaignAttackFilters): string {
  return `/v1/campaigns/${encodeURIComponent(f.campaignId)}/attacks`
}

function listInboxTicketsQuery(f: InboxTicketFilters): Query {
  return {
    workspace_id: f.workspaceId,
    classification: f.classification?.join(','),
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function getInboxStatisticsQuery(f: {
  workspaceId: string
  createdAfter?: string
  createdBefore?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function getInboxStatisticsHistoryQuery(f: {
  workspaceId: string
  interval?: 'month' | 'week' | 'day'
  from?: string
  to?: string
}): Query {
  return {
    workspace_id: f.workspaceId,
    interval: f.interval ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }
}

function listEmployeesWithEmailReportsQuery(f: InboxReporterFilters): Query {
  return {
    workspace_id: f.workspaceId,
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function listInboxTicketReportsQuery(f: InboxTicketReportFilters): Query {
  return {
    workspace_id: f.workspaceId,
  }
}

function listInboxTicketReportsPath(f: InboxTicketReportFilters): string {
  return `/v1/inbox_tickets/${encodeURIComponent(f.ticketId)}/reports`
}

function listEmployeesAlertStatisticsQuery(f: AlertStatisticsFilters): Query {
  return {
    workspace_id: f.workspaceId,
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function listEmployeesImpersonationStatisticsQuery(f: ImpersonationStatisticsFilters): Query {
  return {
    workspace_id: f.workspaceId,
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
  }
}

function listReportBreakdownQuery(f: BreakdownFilters): Query {
  return {
    workspace_id: f.workspaceId,
    by: f.by,
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
    department: f.department ?? undefined,
    country_code: f.countryCode?.join(','),
    group_id: f.groupId?.join(','),
    manager_id: f.managerId ?? undefined,
    manager_tree: f.managerTree ?? undefined,
  }
}

function listRepeatOffendersQuery(f: RepeatOffenderFilters): Query {
  return {
    workspace_id: f.workspaceId,
    min_tricked: f.minTricked == null ? undefined : String(f.minTricked),
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
    department: f.department ?? undefined,
    country_code: f.countryCode?.join(','),
    group_id: f.groupId?.join(','),
    manager_id: f.managerId ?? undefined,
    manager_tree: f.managerTree ?? undefined,
  }
}

function listSimulationCoverageQuery(f: SimulationCoverageFilters): Query {
  return {
    workspace_id: f.workspaceId,
    attacked: f.attacked == null ? undefined : String(f.attacked),
    created_after: f.createdAfter ?? undefined,
    created_before: f.createdBefore ?? undefined,
    department: f.department ?? undefined,
    country_code: f.countryCode?.join(','),
    group_id: f.groupId?.join(','),
    manager_id: f.managerId ?? undefined,
    manager_tree: f.managerTree ?? undefined,
  }
}

function listTrainingCoverageQuery(f: TrainingCoverageFilters): Query {
  return {
    workspace_id: f.workspaceId,
    missed: f.missed == null ? undefined : String(f.missed),
    department: f.department ?? undefined,
    country_code: f.countryCode?.join(','),
    group_id: f.groupId?.join(','),
    manager_id: f.managerId ?? undefined,
    manager_tree: f.managerTree ?? undefined,
  }
}

function listEventsQuery(f: EventFilters): Query {
  return {
    workspace_id: f.workspaceId,
    type: f.types?.join(','),
    after: f.after ?? undefined,
  }
}
