# Generated from openapi.json and the resources' client names by `npm run openapi`; do not edit.
# The API's objects as TypedDicts, and each operation as the client calls it.

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union


class OrganizationWorkspacesItem(TypedDict):
    id: str
    name: str
    created_at: str
    updated_at: str


class Organization(TypedDict):
    id: str
    created_at: str
    updated_at: str
    workspaces: List[OrganizationWorkspacesItem]


class EmployeeEmailAddressesItem(TypedDict):
    address: str
    is_primary: bool
    source: Literal["custom", "employee", "google", "microsoft", "okta", "slack"]


class EmployeeDepartment(TypedDict):
    name: str


class EmployeeKarma(TypedDict):
    score: int
    security_level: Literal["dangerous", "bad", "ok", "good", "great", "excellent", "exceptional"]


class EmployeeManager(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class EmployeeWorkspace(TypedDict):
    id: str


class Employee(TypedDict):
    id: str
    name: Optional[str]
    username: Optional[str]
    primary_email_address: Optional[str]
    email_addresses: List[EmployeeEmailAddressesItem]
    country_code: Optional[str]
    department: Optional[EmployeeDepartment]
    job_title: Optional[str]
    language: Optional[Literal["arabic", "bulgarian", "catalan", "chinese", "chinese_traditional_taiwan", "czech", "danish", "dutch", "english", "finnish", "french", "french_quebec", "german", "greek", "hindi", "hungarian", "indonesian", "italian", "japanese", "korean", "norwegian_bokmal", "polish", "portuguese", "portuguese_brazilian", "romanian", "russian", "slovak", "slovenian", "spanish", "thai", "turkish", "ukrainian", "vietnamese"]]
    timezone: Optional[str]
    status: Literal["active", "deactivated", "pending", "unlicensed"]
    karma: Optional[EmployeeKarma]
    manager: Optional[EmployeeManager]
    workspace: EmployeeWorkspace
    created_at: str
    updated_at: str


class ErasedEmployee(TypedDict):
    id: str


class EmployeeStatistics(TypedDict):
    active: Optional[int]
    deactivated: Optional[int]
    pending: Optional[int]
    unlicensed: Optional[int]
    total: Optional[int]
    average_karma_score: Optional[int]


class EmployeeStatisticsPoint(TypedDict):
    start: str
    end: str
    active: Optional[int]
    deactivated: Optional[int]
    pending: Optional[int]
    unlicensed: Optional[int]
    total: Optional[int]
    average_karma_score: Optional[int]


class KarmaPoint(TypedDict):
    start: str
    end: str
    score: Optional[int]
    security_level: Optional[Literal["dangerous", "bad", "ok", "good", "great", "excellent", "exceptional"]]


class CourseSettingsItem(TypedDict):
    delivery: Literal["a_week_after_event", "directly_after_event", "first_day", "first_month", "none", "sent_after_the_first_year", "yearly", "yearly_at_end_of_program"]
    year: int


class Course(TypedDict):
    id: str
    name: str
    slug: str
    description: str
    duration: int
    theme: Literal["digital_footprint", "gdpr", "general", "irl", "it", "legal", "passwords", "social_engineering", "technical"]
    settings: List[CourseSettingsItem]
    created_at: str
    updated_at: str


class EmployeeCourseProgressEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class EmployeeCourseProgressCoursesProgressItemCourse(TypedDict):
    id: str
    name: str
    slug: str
    description: str


class EmployeeCourseProgressCoursesProgressItemYearsItem(TypedDict):
    year: int
    status: Literal["completed", "missed", "upcoming"]
    due_at: str
    completed_at: Optional[str]
    quiz_score: Optional[int]


class EmployeeCourseProgressCoursesProgressItem(TypedDict):
    course: EmployeeCourseProgressCoursesProgressItemCourse
    status: Optional[Literal["completed", "missed", "upcoming"]]
    years: List[EmployeeCourseProgressCoursesProgressItemYearsItem]
    quiz_score: Optional[int]


class EmployeeCourseProgress(TypedDict):
    employee: EmployeeCourseProgressEmployee
    courses_progress: List[EmployeeCourseProgressCoursesProgressItem]


class Statistics(TypedDict):
    active_employees: Optional[int]
    covered_employees: Optional[int]
    average_courses_completed: Optional[int]
    positive_feedbacks: Optional[int]
    neutral_feedbacks: Optional[int]
    negative_feedbacks: Optional[int]


class StatisticsPoint(TypedDict):
    start: str
    end: str
    active_employees: Optional[int]
    covered_employees: Optional[int]
    average_courses_completed: Optional[int]
    positive_feedbacks: Optional[int]
    neutral_feedbacks: Optional[int]
    negative_feedbacks: Optional[int]


class CourseEnrollmentEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class CourseEnrollmentYearsItem(TypedDict):
    year: int
    status: Literal["completed", "missed", "upcoming"]
    due_at: str
    completed_at: Optional[str]
    quiz_score: Optional[int]


class CourseEnrollment(TypedDict):
    employee: CourseEnrollmentEmployee
    status: Optional[Literal["completed", "missed", "upcoming"]]
    years: List[CourseEnrollmentYearsItem]
    quiz_score: Optional[int]


class Breach(TypedDict):
    id: str
    name: str
    domain: str
    status: Literal["active", "resolved"]
    criticality: Literal["low", "medium", "high"]
    impacted: int
    warned: int
    acknowledged: int
    last_breached_at: str
    created_at: str
    updated_at: str


class CompromisedEmployeeEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class CompromisedEmployeeBreachedAccountsItem(TypedDict):
    email: Optional[str]
    compromised_at: str


class CompromisedEmployee(TypedDict):
    employee: CompromisedEmployeeEmployee
    compromised_at: str
    warned_at: Optional[str]
    acknowledged_at: Optional[str]
    breached_accounts: List[CompromisedEmployeeBreachedAccountsItem]


class CompromisedEmployeeChangeEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class CompromisedEmployeeChangeBreachedAccountsItem(TypedDict):
    email: Optional[str]
    compromised_at: str


class CompromisedEmployeeChangeBreach(TypedDict):
    id: str


class CompromisedEmployeeChange(TypedDict):
    employee: CompromisedEmployeeChangeEmployee
    compromised_at: str
    warned_at: Optional[str]
    acknowledged_at: Optional[str]
    breached_accounts: List[CompromisedEmployeeChangeBreachedAccountsItem]
    breach: CompromisedEmployeeChangeBreach


class BreachStatistics(TypedDict):
    breaches_count: Optional[int]
    impacted_employees_count: Optional[int]
    warned_employees_count: Optional[int]
    acknowledged_employees_count: Optional[int]


class BreachStatisticsPoint(TypedDict):
    start: str
    end: str
    breaches_count: Optional[int]
    impacted_employees_count: Optional[int]
    warned_employees_count: Optional[int]
    acknowledged_employees_count: Optional[int]


class Group(TypedDict):
    id: str
    name: str
    description: Optional[str]
    employees_count: int
    created_at: str
    updated_at: str


class GroupMember(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]
    added_at: str


class GroupKarmaPoint(TypedDict):
    start: str
    end: str
    employees_count: Optional[int]
    average_karma_score: Optional[int]


class CampaignCyclesItem(TypedDict):
    id: str
    name: str
    starts_at: str
    ends_at: str
    created_at: str
    updated_at: str


class CampaignWorkspace(TypedDict):
    id: str


class Campaign(TypedDict):
    id: str
    name: Optional[str]
    status: Literal["draft", "scheduled", "active", "paused", "completed"]
    delivery: Literal["one_off", "recurring"]
    frequency: Optional[Literal["weekly", "monthly", "quarterly"]]
    launched_at: Optional[str]
    completed_at: Optional[str]
    cycles: List[CampaignCyclesItem]
    workspace: CampaignWorkspace
    created_at: str
    updated_at: str


class AttackCampaignCycle(TypedDict):
    id: str
    name: str


class AttackEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class AttackTemplate(TypedDict):
    name: str


class AttackService(TypedDict):
    name: str


class AttackEventsItem(TypedDict):
    id: str
    type: Literal["attack_sent", "attack_voided", "email_opened", "email_answered", "email_reported", "manually_reported", "manually_retried", "page_opened", "download_link_clicked", "attachment_opened", "file_opened", "credentials_submitted", "mfa_code_submitted", "social_login_clicked", "scope_granted", "qr_code_scanned", "sms_answered", "phone_number_called", "phone_number_code_entered", "employee_tricked", "remedial_started", "remedial_completed", "phishing_remedial_course_completed"]
    created_at: str


class Attack(TypedDict):
    id: str
    campaign_cycle: Optional[AttackCampaignCycle]
    employee: AttackEmployee
    template: AttackTemplate
    service: AttackService
    difficulty: Literal["easy", "medium", "hard"]
    sent_at: Optional[str]
    tricked_at: Optional[str]
    reported_at: Optional[str]
    events: List[AttackEventsItem]
    created_at: str


class CampaignStatisticsAttackEventsPerEmployee(TypedDict):
    attack_sent: Optional[int]
    attack_voided: Optional[int]
    email_opened: Optional[int]
    email_answered: Optional[int]
    email_reported: Optional[int]
    manually_reported: Optional[int]
    manually_retried: Optional[int]
    page_opened: Optional[int]
    download_link_clicked: Optional[int]
    attachment_opened: Optional[int]
    file_opened: Optional[int]
    credentials_submitted: Optional[int]
    mfa_code_submitted: Optional[int]
    social_login_clicked: Optional[int]
    scope_granted: Optional[int]
    qr_code_scanned: Optional[int]
    sms_answered: Optional[int]
    phone_number_called: Optional[int]
    phone_number_code_entered: Optional[int]
    employee_tricked: Optional[int]
    remedial_started: Optional[int]
    remedial_completed: Optional[int]
    phishing_remedial_course_completed: Optional[int]


class CampaignStatistics(TypedDict):
    employees_attacked_count: Optional[int]
    active_employees_attacked_count: Optional[int]
    attack_events_per_employee: CampaignStatisticsAttackEventsPerEmployee
    vulnerability_rate: Optional[int]
    reporting_rate: Optional[int]


class CampaignStatisticsPointAttackEventsPerEmployee(TypedDict):
    attack_sent: Optional[int]
    attack_voided: Optional[int]
    email_opened: Optional[int]
    email_answered: Optional[int]
    email_reported: Optional[int]
    manually_reported: Optional[int]
    manually_retried: Optional[int]
    page_opened: Optional[int]
    download_link_clicked: Optional[int]
    attachment_opened: Optional[int]
    file_opened: Optional[int]
    credentials_submitted: Optional[int]
    mfa_code_submitted: Optional[int]
    social_login_clicked: Optional[int]
    scope_granted: Optional[int]
    qr_code_scanned: Optional[int]
    sms_answered: Optional[int]
    phone_number_called: Optional[int]
    phone_number_code_entered: Optional[int]
    employee_tricked: Optional[int]
    remedial_started: Optional[int]
    remedial_completed: Optional[int]
    phishing_remedial_course_completed: Optional[int]


class CampaignStatisticsPoint(TypedDict):
    start: str
    end: str
    employees_attacked_count: Optional[int]
    active_employees_attacked_count: Optional[int]
    attack_events_per_employee: CampaignStatisticsPointAttackEventsPerEmployee
    vulnerability_rate: Optional[int]
    reporting_rate: Optional[int]


InboxTicketEmail = TypedDict("InboxTicketEmail", {"from": str, "subject": str, "message_uid": str})


class InboxTicket(TypedDict):
    id: str
    email: InboxTicketEmail
    classification: Optional[Literal["safe", "spam", "fraudulent"]]
    fraud_type: Optional[Literal["employee_impersonation", "partner_payment_fraud", "scam_extortion", "service_imitation", "other"]]
    classified_at: Optional[str]
    reports_count: int
    first_reported_at: Optional[str]
    created_at: str
    updated_at: str


class EmailReportEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class EmailReport(TypedDict):
    id: str
    employee: EmailReportEmployee
    source: Literal["add_in", "forward", "mobile"]
    reported_at: str


class EmployeeEmailReportsEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class EmployeeEmailReportsEmailsReportedStats(TypedDict):
    reported_emails_count: int
    reported_fraudulent_emails_count: int
    reported_safe_emails_count: int
    reported_spam_emails_count: int


class EmployeeEmailReports(TypedDict):
    employee: EmployeeEmailReportsEmployee
    emails_reported_stats: EmployeeEmailReportsEmailsReportedStats


class InboxStatisticsReports(TypedDict):
    total_count: Optional[int]
    reporters_count: Optional[int]
    employee_reporting_rate: Optional[float]


class InboxStatisticsTicketsFraudulentDistribution(TypedDict):
    employee_impersonation_rate: Optional[float]
    partner_payment_fraud_rate: Optional[float]
    scam_extortion_rate: Optional[float]
    service_imitation_rate: Optional[float]
    other_rate: Optional[float]


class InboxStatisticsTickets(TypedDict):
    total_count: Optional[int]
    unreviewed_count: Optional[int]
    safe_rate: Optional[float]
    spam_rate: Optional[float]
    fraudulent_rate: Optional[float]
    fraudulent_distribution: InboxStatisticsTicketsFraudulentDistribution


class InboxStatistics(TypedDict):
    reports: InboxStatisticsReports
    tickets: InboxStatisticsTickets


class InboxStatisticsPointReports(TypedDict):
    total_count: Optional[int]
    reporters_count: Optional[int]
    employee_reporting_rate: Optional[float]


class InboxStatisticsPointTicketsFraudulentDistribution(TypedDict):
    employee_impersonation_rate: Optional[float]
    partner_payment_fraud_rate: Optional[float]
    scam_extortion_rate: Optional[float]
    service_imitation_rate: Optional[float]
    other_rate: Optional[float]


class InboxStatisticsPointTickets(TypedDict):
    total_count: Optional[int]
    unreviewed_count: Optional[int]
    safe_rate: Optional[float]
    spam_rate: Optional[float]
    fraudulent_rate: Optional[float]
    fraudulent_distribution: InboxStatisticsPointTicketsFraudulentDistribution


class InboxStatisticsPoint(TypedDict):
    start: str
    end: str
    reports: InboxStatisticsPointReports
    tickets: InboxStatisticsPointTickets


class EmployeeAlertStatisticsEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class EmployeeAlertStatisticsEmailsAlertsStats(TypedDict):
    received_alerts_count: int
    reported_alerts_count: int
    marked_safe_alerts_count: int


class EmployeeAlertStatistics(TypedDict):
    employee: EmployeeAlertStatisticsEmployee
    emails_alerts_stats: EmployeeAlertStatisticsEmailsAlertsStats


class EmployeeImpersonationStatisticsEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class EmployeeImpersonationStatisticsImpersonationStats(TypedDict):
    attacks_impersonating_employee: int
    impersonation_attacks_confirmed: int
    impersonation_attacks_pending_review: int
    impersonation_attacks_denied: int


class EmployeeImpersonationStatistics(TypedDict):
    employee: EmployeeImpersonationStatisticsEmployee
    impersonation_stats: EmployeeImpersonationStatisticsImpersonationStats


class BreakdownCell(TypedDict):
    key: Optional[str]
    name: Optional[str]
    employees_count: Optional[int]
    average_karma_score: Optional[int]
    at_risk_employees_count: Optional[int]
    covered_employees: Optional[int]
    average_courses_completed: Optional[int]
    employees_attacked_count: Optional[int]
    vulnerability_rate: Optional[int]
    reporting_rate: Optional[int]
    reporters_count: Optional[int]
    employee_reporting_rate: Optional[float]
    compromised_employees_count: Optional[int]
    unacknowledged_employees_count: Optional[int]


class RepeatOffenderEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class RepeatOffenderKarma(TypedDict):
    score: int
    security_level: Literal["dangerous", "bad", "ok", "good", "great", "excellent", "exceptional"]


class RepeatOffender(TypedDict):
    employee: RepeatOffenderEmployee
    karma: Optional[RepeatOffenderKarma]
    attacks_count: int
    tricked_count: int
    reported_count: int
    last_tricked_at: str


class SimulationCoverageEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class SimulationCoverage(TypedDict):
    employee: SimulationCoverageEmployee
    attacks_count: int
    tricked_count: int
    reported_count: int
    last_attacked_at: Optional[str]


class TrainingCoverageEmployee(TypedDict):
    id: str
    name: Optional[str]
    primary_email_address: Optional[str]
    username: Optional[str]


class TrainingCoverage(TypedDict):
    employee: TrainingCoverageEmployee
    courses_count: int
    completed_count: int
    missed_count: int
    upcoming_count: int
    not_started_count: int
    last_completed_at: Optional[str]


class _EventDataRequired(TypedDict):
    object: Union[Employee, ErasedEmployee, Course, EmployeeCourseProgress, Breach, CompromisedEmployeeChange, Group, Campaign, Attack, InboxTicket]


class EventData(_EventDataRequired, total=False):
    previous_attributes: Dict[str, Any]


class Event(TypedDict):
    id: str
    type: Literal["employee.created", "employee.updated", "employee.deleted", "employee.erased", "course.created", "course.updated", "course.deleted", "course_progress.updated", "breach.created", "breach.updated", "breach.deleted", "compromised_employee.created", "compromised_employee.updated", "compromised_employee.deleted", "group.created", "group.updated", "group.deleted", "campaign.created", "campaign.updated", "campaign.deleted", "attack.created", "attack.updated", "inbox_ticket.created", "inbox_ticket.updated", "inbox_ticket.deleted"]
    created_at: str
    workspace_id: str
    data: EventData


class OcsfEventMetadataProduct(TypedDict):
    name: str
    vendor_name: str
    version: str


class OcsfEventMetadata(TypedDict):
    version: Literal["1.8.0"]
    product: OcsfEventMetadataProduct
    uid: str
    log_name: Literal["employee.created", "employee.updated", "employee.deleted", "employee.erased", "course.created", "course.updated", "course.deleted", "course_progress.updated", "breach.created", "breach.updated", "breach.deleted", "compromised_employee.created", "compromised_employee.updated", "compromised_employee.deleted", "group.created", "group.updated", "group.deleted", "campaign.created", "campaign.updated", "campaign.deleted", "attack.created", "attack.updated", "inbox_ticket.created", "inbox_ticket.updated", "inbox_ticket.deleted", "webhook.ping"]
    original_time: str
    tenant_uid: str


class OcsfEventUnmapped(TypedDict):
    workspace_id: Optional[str]


class OcsfEvent(TypedDict):
    class_uid: int
    class_name: str
    category_uid: int
    category_name: str
    activity_id: int
    activity_name: str
    type_uid: int
    type_name: str
    severity_id: int
    severity: str
    time: int
    message: str
    metadata: OcsfEventMetadata
    unmapped: OcsfEventUnmapped


class ErrorResponseErrorsItemSource1(TypedDict):
    parameter: str


class ErrorResponseErrorsItemSource2(TypedDict):
    header: str


class ErrorResponseErrorsItemSource3(TypedDict):
    pointer: str


class ErrorResponseErrorsItemSource4(TypedDict):
    pass


class ErrorResponseErrorsItem(TypedDict):
    status: str
    code: Literal["malformed_request", "unauthorized", "forbidden", "workspace_not_found", "employee_not_found", "course_not_found", "breach_not_found", "group_not_found", "campaign_not_found", "inbox_ticket_not_found", "endpoint_not_found", "snapshot_not_found", "method_not_allowed", "request_timeout", "invalid_parameter", "invalid_cursor", "event_expired", "uri_too_long", "too_many_requests", "request_header_too_large", "internal_error", "service_unavailable"]
    title: str
    detail: str
    source: Union[ErrorResponseErrorsItemSource1, ErrorResponseErrorsItemSource2, ErrorResponseErrorsItemSource3, ErrorResponseErrorsItemSource4]


class _ErrorResponseMetaRequired(TypedDict):
    request_id: str


class ErrorResponseMeta(_ErrorResponseMetaRequired, total=False):
    more_errors: Literal[True]


class ErrorResponse(TypedDict):
    errors: List[ErrorResponseErrorsItem]
    meta: ErrorResponseMeta


OPERATIONS: Dict[str, Dict[str, Dict[str, Any]]] = {
    "organization": {
        "get": {"operation": "getOrganization", "path": "/v1/organization", "path_params": [], "query": [], "kind": "item"},
    },
    "employees": {
        "list": {"operation": "listEmployees", "path": "/v1/employees", "path_params": [], "query": ["workspace_id", "status", "karma_score_gte", "karma_score_lte", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "list"},
        "page": {"operation": "listEmployees", "path": "/v1/employees", "path_params": [], "query": ["workspace_id", "status", "karma_score_gte", "karma_score_lte", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "page"},
        "statistics": {"operation": "getEmployeeStatistics", "path": "/v1/employees/statistics", "path_params": [], "query": ["workspace_id", "as_of"], "kind": "item"},
        "statistics.history": {"operation": "getEmployeeStatisticsHistory", "path": "/v1/employees/statistics/history", "path_params": [], "query": ["workspace_id", "interval", "from_", "to"], "kind": "item"},
        "get": {"operation": "getEmployee", "path": "/v1/employees/{employee_id}", "path_params": ["employee_id"], "query": [], "kind": "item"},
        "karma_history": {"operation": "getEmployeeKarmaHistory", "path": "/v1/employees/{employee_id}/karma_history", "path_params": ["employee_id"], "query": ["workspace_id", "interval", "from_", "to"], "kind": "item"},
    },
    "courses": {
        "list": {"operation": "listCourses", "path": "/v1/courses", "path_params": [], "query": ["workspace_id"], "kind": "list"},
        "page": {"operation": "listCourses", "path": "/v1/courses", "path_params": [], "query": ["workspace_id"], "kind": "page"},
        "progress": {"operation": "listEmployeesProgress", "path": "/v1/courses/employees_progress", "path_params": [], "query": ["workspace_id"], "kind": "list"},
        "progress_page": {"operation": "listEmployeesProgress", "path": "/v1/courses/employees_progress", "path_params": [], "query": ["workspace_id"], "kind": "page"},
        "employees": {"operation": "listCourseEmployees", "path": "/v1/courses/{course_id}", "path_params": ["course_id"], "query": ["workspace_id", "status"], "kind": "list"},
        "employees_page": {"operation": "listCourseEmployees", "path": "/v1/courses/{course_id}", "path_params": ["course_id"], "query": ["workspace_id", "status"], "kind": "page"},
        "statistics": {"operation": "getProgramStatistics", "path": "/v1/courses/statistics", "path_params": [], "query": ["workspace_id", "as_of"], "kind": "item"},
        "statistics.history": {"operation": "getProgramStatisticsHistory", "path": "/v1/courses/statistics/history", "path_params": [], "query": ["workspace_id", "interval", "from_", "to"], "kind": "item"},
    },
    "breaches": {
        "list": {"operation": "listBreaches", "path": "/v1/breaches", "path_params": [], "query": ["workspace_id", "status"], "kind": "list"},
        "page": {"operation": "listBreaches", "path": "/v1/breaches", "path_params": [], "query": ["workspace_id", "status"], "kind": "page"},
        "statistics": {"operation": "getBreachStatistics", "path": "/v1/breaches/statistics", "path_params": [], "query": ["workspace_id", "breached_after", "breached_before"], "kind": "item"},
        "statistics.history": {"operation": "getBreachStatisticsHistory", "path": "/v1/breaches/statistics/history", "path_params": [], "query": ["workspace_id", "interval", "from_", "to"], "kind": "item"},
        "compromised_employees": {"operation": "listCompromisedEmployees", "path": "/v1/breaches/{breach_id}/compromised-employees", "path_params": ["breach_id"], "query": ["workspace_id", "warned", "acknowledged"], "kind": "list"},
        "compromised_employees_page": {"operation": "listCompromisedEmployees", "path": "/v1/breaches/{breach_id}/compromised-employees", "path_params": ["breach_id"], "query": ["workspace_id", "warned", "acknowledged"], "kind": "page"},
    },
    "groups": {
        "list": {"operation": "listGroups", "path": "/v1/groups", "path_params": [], "query": ["workspace_id"], "kind": "list"},
        "page": {"operation": "listGroups", "path": "/v1/groups", "path_params": [], "query": ["workspace_id"], "kind": "page"},
        "employees": {"operation": "listGroupEmployees", "path": "/v1/groups/{group_id}/employees", "path_params": ["group_id"], "query": ["workspace_id"], "kind": "list"},
        "employees_page": {"operation": "listGroupEmployees", "path": "/v1/groups/{group_id}/employees", "path_params": ["group_id"], "query": ["workspace_id"], "kind": "page"},
        "karma_history": {"operation": "getGroupKarmaHistory", "path": "/v1/groups/{group_id}/karma_history", "path_params": ["group_id"], "query": ["workspace_id", "interval", "from_", "to"], "kind": "item"},
    },
    "campaigns": {
        "list": {"operation": "listCampaigns", "path": "/v1/campaigns", "path_params": [], "query": ["workspace_id", "status", "created_after", "created_before"], "kind": "list"},
        "page": {"operation": "listCampaigns", "path": "/v1/campaigns", "path_params": [], "query": ["workspace_id", "status", "created_after", "created_before"], "kind": "page"},
        "statistics": {"operation": "getCampaignStatistics", "path": "/v1/campaigns/statistics", "path_params": [], "query": ["workspace_id", "campaign_id", "campaign_cycle_id", "created_after", "created_before"], "kind": "item"},
        "statistics.history": {"operation": "getCampaignStatisticsHistory", "path": "/v1/campaigns/statistics/history", "path_params": [], "query": ["workspace_id", "interval", "from_", "to"], "kind": "item"},
        "attacks": {"operation": "listCampaignAttacks", "path": "/v1/campaigns/{campaign_id}/attacks", "path_params": ["campaign_id"], "query": ["workspace_id", "campaign_cycle_id", "is_tricked", "created_after", "created_before"], "kind": "list"},
        "attacks_page": {"operation": "listCampaignAttacks", "path": "/v1/campaigns/{campaign_id}/attacks", "path_params": ["campaign_id"], "query": ["workspace_id", "campaign_cycle_id", "is_tricked", "created_after", "created_before"], "kind": "page"},
    },
    "inbox": {
        "tickets": {"operation": "listInboxTickets", "path": "/v1/inbox_tickets", "path_params": [], "query": ["workspace_id", "classification", "created_after", "created_before"], "kind": "list"},
        "tickets_page": {"operation": "listInboxTickets", "path": "/v1/inbox_tickets", "path_params": [], "query": ["workspace_id", "classification", "created_after", "created_before"], "kind": "page"},
        "statistics": {"operation": "getInboxStatistics", "path": "/v1/inbox_tickets/statistics", "path_params": [], "query": ["workspace_id", "created_after", "created_before"], "kind": "item"},
        "statistics.history": {"operation": "getInboxStatisticsHistory", "path": "/v1/inbox_tickets/statistics/history", "path_params": [], "query": ["workspace_id", "interval", "from_", "to"], "kind": "item"},
        "reporters": {"operation": "listEmployeesWithEmailReports", "path": "/v1/inbox_tickets/list_employees_with_email_reports", "path_params": [], "query": ["workspace_id", "created_after", "created_before"], "kind": "list"},
        "reporters_page": {"operation": "listEmployeesWithEmailReports", "path": "/v1/inbox_tickets/list_employees_with_email_reports", "path_params": [], "query": ["workspace_id", "created_after", "created_before"], "kind": "page"},
        "reports": {"operation": "listInboxTicketReports", "path": "/v1/inbox_tickets/{ticket_id}/reports", "path_params": ["ticket_id"], "query": ["workspace_id"], "kind": "list"},
        "reports_page": {"operation": "listInboxTicketReports", "path": "/v1/inbox_tickets/{ticket_id}/reports", "path_params": ["ticket_id"], "query": ["workspace_id"], "kind": "page"},
    },
    "slash": {
        "alert_statistics": {"operation": "listEmployeesAlertStatistics", "path": "/v1/slash/employees/alert_statistics", "path_params": [], "query": ["workspace_id", "created_after", "created_before"], "kind": "list"},
        "alert_statistics_page": {"operation": "listEmployeesAlertStatistics", "path": "/v1/slash/employees/alert_statistics", "path_params": [], "query": ["workspace_id", "created_after", "created_before"], "kind": "page"},
        "impersonation_statistics": {"operation": "listEmployeesImpersonationStatistics", "path": "/v1/slash/employees/impersonation_statistics", "path_params": [], "query": ["workspace_id", "created_after", "created_before"], "kind": "list"},
        "impersonation_statistics_page": {"operation": "listEmployeesImpersonationStatistics", "path": "/v1/slash/employees/impersonation_statistics", "path_params": [], "query": ["workspace_id", "created_after", "created_before"], "kind": "page"},
    },
    "reports": {
        "breakdown": {"operation": "listReportBreakdown", "path": "/v1/reports/breakdown", "path_params": [], "query": ["workspace_id", "by", "created_after", "created_before", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "list"},
        "breakdown_page": {"operation": "listReportBreakdown", "path": "/v1/reports/breakdown", "path_params": [], "query": ["workspace_id", "by", "created_after", "created_before", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "page"},
        "repeat_offenders": {"operation": "listRepeatOffenders", "path": "/v1/reports/repeat_offenders", "path_params": [], "query": ["workspace_id", "min_tricked", "created_after", "created_before", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "list"},
        "repeat_offenders_page": {"operation": "listRepeatOffenders", "path": "/v1/reports/repeat_offenders", "path_params": [], "query": ["workspace_id", "min_tricked", "created_after", "created_before", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "page"},
        "simulation_coverage": {"operation": "listSimulationCoverage", "path": "/v1/reports/simulation_coverage", "path_params": [], "query": ["workspace_id", "attacked", "created_after", "created_before", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "list"},
        "simulation_coverage_page": {"operation": "listSimulationCoverage", "path": "/v1/reports/simulation_coverage", "path_params": [], "query": ["workspace_id", "attacked", "created_after", "created_before", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "page"},
        "training_coverage": {"operation": "listTrainingCoverage", "path": "/v1/reports/training_coverage", "path_params": [], "query": ["workspace_id", "missed", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "list"},
        "training_coverage_page": {"operation": "listTrainingCoverage", "path": "/v1/reports/training_coverage", "path_params": [], "query": ["workspace_id", "missed", "department", "country_code", "group_id", "manager_id", "manager_tree"], "kind": "page"},
    },
    "events": {
        "list": {"operation": "listEvents", "path": "/v1/events", "path_params": [], "query": ["workspace_id", "type", "after", "format"], "kind": "list"},
        "page": {"operation": "listEvents", "path": "/v1/events", "path_params": [], "query": ["workspace_id", "type", "after", "format"], "kind": "page"},
    },
}
