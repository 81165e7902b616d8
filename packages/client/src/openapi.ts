// Generated from openapi.json by `npm run openapi` (openapi-typescript); do not edit.

export interface paths {
    "/v1/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's organization and its workspaces
         * @description Workspaces oldest first (created_at ascending, then id ascending). A workspace-scoped key sees only its workspace. Scope: workspace:read.
         */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/employees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the employees of a workspace
         * @description Newest first: created_at descending, then id descending. The filters apply to every status and all given must hold; a department, country, group or manager that matches nobody (unknown, or of another workspace) gives an empty list. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: workspace:read.
         */
        get: operations["listEmployees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/employees/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many employees a workspace has, by status
         * @description One count per employee status, and total: every employee of the workspace; the mean karma score of the active employees. Scope: workspace:read.
         */
        get: operations["getEmployeeStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/employees/statistics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The employees statistics of a workspace over time
         * @description Each point: /v1/employees/statistics as the last import whose as_of is before the end of the period kept it; every field but start and end null before the first. Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged. Scope: workspace:read.
         */
        get: operations["getEmployeeStatisticsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/employees/{employee_id}/karma_history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An employee's karma over time
         * @description Each point: the employee's karma as the last import whose as_of is before the end of the period kept it; score and security_level null before the employee appeared, and while they had no karma. An employee of another workspace is a 404, like an unknown one. Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged. Scope: workspace:read.
         */
        get: operations["getEmployeeKarmaHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/employees/{employee_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one employee
         * @description An employee of any workspace the key reaches. Unknown ids and ids the key cannot reach are the same 404. Scope: workspace:read.
         */
        get: operations["getEmployee"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the awareness courses of a workspace
         * @description Newest first: created_at descending, then id descending. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: awareness:read.
         */
        get: operations["listCourses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/courses/employees_progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every employee of a workspace with their course progress
         * @description Every employee of the workspace, also those without progress (courses_progress: []). Employees newest first (created_at descending, then id descending); inside, courses newest first (course created_at descending, then id descending); years ascending. A manually assigned course has years: []. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: awareness:read.
         */
        get: operations["listEmployeesProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/courses/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of the awareness program of a workspace
         * @description active_employees: employees with status active. covered_employees: active employees with at least one course progress entry. average_courses_completed: over active employees, the mean number of entries whose status is completed, rounded half up (0 without active employees). positive/neutral/negative_feedbacks: course feedback of the workspace created in the last 90 × 24 hours, inclusive. With as_of: as kept by an import, the feedback window ending at its as_of. Scope: awareness:read.
         */
        get: operations["getProgramStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/courses/statistics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The program statistics of a workspace over time
         * @description Each point: /v1/courses/statistics as the last import whose as_of is before the end of the period kept it (its feedback window ending at that as_of); every field but start and end null before the first. Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged. Scope: awareness:read.
         */
        get: operations["getProgramStatisticsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/courses/{course_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the employees enrolled in a course
         * @description The employees of the workspace with a progress entry for the course, in the order of employees_progress: created_at descending, then id descending. Each item is the employee and their entry (status, quiz_score, years). A course of another workspace is a 404, like an unknown one. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: awareness:read.
         */
        get: operations["listCourseEmployees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/breaches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the data breaches that affect a workspace
         * @description Most recently breached first: last_breached_at descending, then id descending. impacted, warned and acknowledged count the compromised employees of the asked workspace (all, those warned, those who acknowledged); status is active while one of them has not acknowledged, else resolved. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: breaches:read.
         */
        get: operations["listBreaches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/breaches/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of the data breaches that affect a workspace
         * @description Over the breaches affecting the workspace whose last_breached_at is in the window: how many, and the distinct employees of the workspace they compromised, of whom those warned and those who acknowledged (about at least one of them). Scope: breaches:read.
         */
        get: operations["getBreachStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/breaches/statistics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of the data breaches that affect a workspace, period by period
         * @description Each point: getBreachStatistics's answer with breached_after = start and breached_before = 1 µs before end, over the data held now. Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged. Scope: breaches:read.
         */
        get: operations["getBreachStatisticsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/breaches/{breach_id}/compromised-employees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the employees of a workspace compromised by a breach
         * @description Most recently compromised first: compromised_at descending, then employee id descending. A breach that does not affect the workspace is a 404, like an unknown one. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: breaches:read.
         */
        get: operations["listCompromisedEmployees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the groups of a workspace
         * @description Newest first: created_at descending, then id descending. employees_count is how many employees the group holds. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: groups:read.
         */
        get: operations["listGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{group_id}/employees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the employees of a group
         * @description Most recently added first: added_at descending, then employee id descending. Each item is the employee's reference and when they joined the group. A group of another workspace is a 404, like an unknown one. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: groups:read.
         */
        get: operations["listGroupEmployees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{group_id}/karma_history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group's size and karma over time
         * @description Each point: the group's employees_count and average_karma_score as the last import whose as_of is before the end of the period kept them; null before the group appeared. A group of another workspace is a 404, like an unknown one. Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged. Scope: groups:read.
         */
        get: operations["getGroupKarmaHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the phishing simulation campaigns of a workspace
         * @description Newest first: created_at descending, then id descending. cycles are the runs of the campaign, by starts_at ascending; a one-off campaign has frequency null. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: simulation:read.
         */
        get: operations["listCampaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of the phishing simulations of a workspace
         * @description Over the attacks of the workspace within the filters. An employee is attacked when one of their attacks was sent (sent_at set). vulnerability_rate and reporting_rate: employees with a tricked, or reported, sent attack over employees attacked, in percent rounded half up, 0 when nobody was attacked. attack_events_per_employee: per event type, the employees with at least one such event. A campaign_id of another workspace is a 404, like an unknown one. Scope: simulation:read.
         */
        get: operations["getCampaignStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/statistics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The statistics of the phishing simulations of a workspace, period by period
         * @description Each point: getCampaignStatistics's answer with created_after = start and created_before = 1 µs before end, over the data held now. Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged. Scope: simulation:read.
         */
        get: operations["getCampaignStatisticsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/attacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the attacks of a phishing simulation campaign
         * @description Newest first: created_at descending, then id descending. An attack is one simulated phishing message to one employee; tricked_at is its first employee_tricked event and reported_at its first email_reported or manually_reported event. A campaign of another workspace is a 404, like an unknown one. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: simulation:read.
         */
        get: operations["listCampaignAttacks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbox_tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the inbox tickets of a workspace
         * @description Newest first: created_at descending, then id descending. A ticket groups the reports of one suspicious email; reports_count and first_reported_at are over its reports. fraud_type is set exactly when classification is fraudulent. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: inbox:read.
         */
        get: operations["listInboxTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbox_tickets/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of the reported emails of a workspace
         * @description The window bounds the reports by reported_at and the tickets by created_at. employee_reporting_rate: active employees who reported / active employees (active: their status now). The tickets rates are of all tickets in the window, the fraudulent distribution of the fraudulent ones. Rates are percentages rounded half up to one decimal, 0 when the denominator is 0. Scope: inbox:read.
         */
        get: operations["getInboxStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbox_tickets/statistics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics of the reported emails of a workspace, period by period
         * @description Each point: getInboxStatistics's answer with created_after = start and created_before = 1 µs before end, over the data held now. Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged. Scope: inbox:read.
         */
        get: operations["getInboxStatisticsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbox_tickets/list_employees_with_email_reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the employees who reported emails, with their counts
         * @description The employees with at least one report whose reported_at is in the window, in employees order (created_at descending, then id descending), each with the counts of those reports by their ticket's classification; a report on an unreviewed ticket counts only in reported_emails_count. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: inbox:read.
         */
        get: operations["listEmployeesWithEmailReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbox_tickets/{ticket_id}/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the reports of an inbox ticket
         * @description Most recent first: reported_at descending, then id descending. Each report is one employee reporting the ticket's email. A ticket of another workspace is a 404, like an unknown one. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: inbox:read.
         */
        get: operations["listInboxTicketReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/slash/employees/alert_statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the employees warned on dangerous mail, with their counts
         * @description The employees with at least one alert created in the window, in employees order (created_at descending, then id descending), each with the counts of those alerts: received, reported, marked safe. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: inbox:read.
         */
        get: operations["listEmployeesAlertStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/slash/employees/impersonation_statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the employees impersonated, with their counts
         * @description The employees impersonated at least once in the window (an attempt created in it), in employees order (created_at descending, then id descending), each with the counts of those attempts by verdict: confirmed (fraudulent), pending review, denied (safe). Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: inbox:read.
         */
        get: operations["listEmployeesImpersonationStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Roll up a workspace's members by department, manager, group or country
         * @description One row per cell of the dimension `by`: department (department.name), manager (the direct reports of one manager: key is the manager's employee id, name their name), group (an employee in several groups counts in each), country (country_code). The members without one form the row whose key is null. Order: employees_count descending, then key ascending in code point order, the row whose key is null last. Members are the workspace's employees whose status is active now; an employee who is not active counts nowhere. The drill-down filters (department, country_code, group_id, manager_id, manager_tree) keep the members they all hold for; one that matches nobody (unknown, or of another workspace) gives an empty list. The cells are then those the kept members form (by=manager&department=Sales: Sales' teams), each named as without filters, its figures over its kept members alone. The window bounds attacks by created_at and email reports by reported_at; every other figure is the state now. Rates as in the campaign and inbox statistics, over the cell's members. An aggregate key (CONTRACT 19) sees every cell below its minimum group size merged into the row whose key is null; while that row holds members but fewer than the minimum and another row remains, the smallest other row (employees_count, then key descending) joins it. By group, while two rows (the null row included once it has members) differ by at least one and fewer than the minimum members, the smaller of such a pair (never the null row; the smallest of all such) joins the null row, and the rules apply again. The merged figures are counted over its members, each once; a null row still below the minimum has every figure null; a figure over a narrower set of a row's members (x-describes) is null when that set is below the minimum. By manager, a pseudonymous or aggregate key sees the manager's pseudonym as key and a null name, ordered by that key, and gives manager_id and manager_tree as pseudonyms. Over filtered members, these rules apply to the cells they form: none gives an empty list, fewer than the minimum one null row with every figure null. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: reports:read.
         */
        get: operations["listReportBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/repeat_offenders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the members tricked again and again
         * @description The members tricked in at least min_tricked attacks (sent) created in the window. In employees order: created_at descending, then id descending. Members are the workspace's employees whose status is active now; an employee who is not active counts nowhere. The drill-down filters (department, country_code, group_id, manager_id, manager_tree) keep the members they all hold for; one that matches nobody (unknown, or of another workspace) gives an empty list. attacks_count counts their attacks with sent_at set created in the window; tricked_count and reported_count those of them that tricked them and that they reported. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: reports:read.
         */
        get: operations["listRepeatOffenders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/simulation_coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every member with the simulated phishing they received
         * @description Every member with their attacks (sent) created in the window. In employees order: created_at descending, then id descending. Members are the workspace's employees whose status is active now; an employee who is not active counts nowhere. The drill-down filters (department, country_code, group_id, manager_id, manager_tree) keep the members they all hold for; one that matches nobody (unknown, or of another workspace) gives an empty list. attacked=false keeps the members never simulated in the window (attacks_count 0), attacked=true the others. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: reports:read.
         */
        get: operations["listSimulationCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/training_coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every member with their awareness training
         * @description Every member with their course progress entries counted by status (an entry without a status is not started). In employees order: created_at descending, then id descending. Members are the workspace's employees whose status is active now; an employee who is not active counts nowhere. The drill-down filters (department, country_code, group_id, manager_id, manager_tree) keep the members they all hold for; one that matches nobody (unknown, or of another workspace) gives an empty list. missed=true keeps the members with a missed entry, false the others. Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: reports:read.
         */
        get: operations["listTrainingCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow what changed in a workspace: the events feed
         * @description Oldest first (the one list in ascending order: it is a feed), in the order of their ids. Every import that changes data records one event per resource it creates, changes or deletes, derived changes included (a breach that becomes resolved, a manager's rename in its reports, a course's rename in the progress items that embed it); course_progress.updated is about an employee's entries, never the employee's own fields (those are employee.updated). Resume later with after= the id of the last event handled. Events are kept for the retention (EVENTS_RETENTION, default 30 days). A pseudonymous key's previous_attributes never name a field it sees emptied, and an update of nothing else is not in its feed (a page may then hold fewer events than its limit, and still a next one). Paged with x-item-limit and x-next-cursor (or the query parameters limit and cursor): when more items follow, a response carries x-next-cursor and a Link to the next page (rel="next"); the last page has neither. Scope: events:read.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "employee.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * employee.created
         * @description Sent for each `employee.created` event to the endpoints subscribed to it: `data.object` is an Employee.
         */
        post: operations["employeeCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "employee.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * employee.updated
         * @description Sent for each `employee.updated` event to the endpoints subscribed to it: `data.object` is an Employee, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["employeeUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "employee.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * employee.deleted
         * @description Sent for each `employee.deleted` event to the endpoints subscribed to it: `data.object` is an Employee (its last rendering).
         */
        post: operations["employeeDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "employee.erased": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * employee.erased
         * @description Sent for each employee erased (`awareness employees erase`): every earlier event naming them is gone from the feed and from pending deliveries; delete every copy of them: `data.object` is an erased employee (their id alone).
         */
        post: operations["employeeErasedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * course.created
         * @description Sent for each `course.created` event to the endpoints subscribed to it: `data.object` is a Course.
         */
        post: operations["courseCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * course.updated
         * @description Sent for each `course.updated` event to the endpoints subscribed to it: `data.object` is a Course, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["courseUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * course.deleted
         * @description Sent for each `course.deleted` event to the endpoints subscribed to it: `data.object` is a Course (its last rendering).
         */
        post: operations["courseDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "course_progress.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * course_progress.updated
         * @description Sent for each `course_progress.updated` event to the endpoints subscribed to it: `data.object` is an item of employees_progress, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["courseProgressUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "breach.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * breach.created
         * @description Sent for each `breach.created` event to the endpoints subscribed to it: `data.object` is a Breach in the workspace.
         */
        post: operations["breachCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "breach.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * breach.updated
         * @description Sent for each `breach.updated` event to the endpoints subscribed to it: `data.object` is a Breach in the workspace, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["breachUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "breach.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * breach.deleted
         * @description Sent for each `breach.deleted` event to the endpoints subscribed to it: `data.object` is a Breach in the workspace (its last rendering).
         */
        post: operations["breachDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "compromised_employee.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * compromised_employee.created
         * @description Sent for each `compromised_employee.created` event to the endpoints subscribed to it: `data.object` is an item of compromised-employees plus "breach": {"id"}.
         */
        post: operations["compromisedEmployeeCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "compromised_employee.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * compromised_employee.updated
         * @description Sent for each `compromised_employee.updated` event to the endpoints subscribed to it: `data.object` is an item of compromised-employees plus "breach": {"id"}, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["compromisedEmployeeUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "compromised_employee.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * compromised_employee.deleted
         * @description Sent for each `compromised_employee.deleted` event to the endpoints subscribed to it: `data.object` is an item of compromised-employees plus "breach": {"id"} (its last rendering).
         */
        post: operations["compromisedEmployeeDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "group.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * group.created
         * @description Sent for each `group.created` event to the endpoints subscribed to it: `data.object` is a Group.
         */
        post: operations["groupCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "group.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * group.updated
         * @description Sent for each `group.updated` event to the endpoints subscribed to it: `data.object` is a Group, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["groupUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "group.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * group.deleted
         * @description Sent for each `group.deleted` event to the endpoints subscribed to it: `data.object` is a Group (its last rendering).
         */
        post: operations["groupDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.created
         * @description Sent for each `campaign.created` event to the endpoints subscribed to it: `data.object` is a Campaign.
         */
        post: operations["campaignCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.updated
         * @description Sent for each `campaign.updated` event to the endpoints subscribed to it: `data.object` is a Campaign, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["campaignUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.deleted
         * @description Sent for each `campaign.deleted` event to the endpoints subscribed to it: `data.object` is a Campaign (its last rendering).
         */
        post: operations["campaignDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "attack.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * attack.created
         * @description Sent for each `attack.created` event to the endpoints subscribed to it: `data.object` is an Attack.
         */
        post: operations["attackCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "attack.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * attack.updated
         * @description Sent for each `attack.updated` event to the endpoints subscribed to it: `data.object` is an Attack, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["attackUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inbox_ticket.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inbox_ticket.created
         * @description Sent for each `inbox_ticket.created` event to the endpoints subscribed to it: `data.object` is an InboxTicket.
         */
        post: operations["inboxTicketCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inbox_ticket.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inbox_ticket.updated
         * @description Sent for each `inbox_ticket.updated` event to the endpoints subscribed to it: `data.object` is an InboxTicket, and `data.previous_attributes` the top-level fields that changed, with their values before.
         */
        post: operations["inboxTicketUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inbox_ticket.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inbox_ticket.deleted
         * @description Sent for each `inbox_ticket.deleted` event to the endpoints subscribed to it: `data.object` is an InboxTicket (its last rendering).
         */
        post: operations["inboxTicketDeletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.ping
         * @description Sent by `awareness webhooks ping <id>` to check an endpoint: signed like every delivery, never retried.
         */
        post: operations["webhookPingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Organization: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            updated_at: string;
            workspaces: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                updated_at: string;
            }[];
        };
        Employee: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            name: string | null;
            username: string | null;
            primary_email_address: string | null;
            email_addresses: {
                address: string;
                is_primary: boolean;
                /**
                 * @description where the address comes from
                 * @enum {string}
                 */
                source: "custom" | "employee" | "google" | "microsoft" | "okta" | "slack";
            }[];
            /** @description ISO 3166-1 alpha-2 */
            country_code: string | null;
            department: {
                name: string;
            } | null;
            job_title: string | null;
            /** @enum {string|null} */
            language: "arabic" | "bulgarian" | "catalan" | "chinese" | "chinese_traditional_taiwan" | "czech" | "danish" | "dutch" | "english" | "finnish" | "french" | "french_quebec" | "german" | "greek" | "hindi" | "hungarian" | "indonesian" | "italian" | "japanese" | "korean" | "norwegian_bokmal" | "polish" | "portuguese" | "portuguese_brazilian" | "romanian" | "russian" | "slovak" | "slovenian" | "spanish" | "thai" | "turkish" | "ukrainian" | "vietnamese" | null;
            /** @description IANA time-zone name */
            timezone: string | null;
            /** @enum {string} */
            status: "active" | "deactivated" | "pending" | "unlicensed";
            karma: {
                /** @description higher is safer */
                score: number;
                /**
                 * @description worst to best
                 * @enum {string}
                 */
                security_level: "dangerous" | "bad" | "ok" | "good" | "great" | "excellent" | "exceptional";
            } | null;
            manager: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            } | null;
            workspace: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
            };
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            updated_at: string;
        };
        /** @description An employee erased (`awareness employees erase`): every record naming them is gone from the API, and every past event naming them from the feed; a receiver deletes its copies. */
        ErasedEmployee: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
        };
        /** @description For an aggregate key (CONTRACT 19): every figure is null when the population (the active employees) is below its minimum group size, and a figure over a narrower set of employees (its x-describes) is null when that set is. */
        EmployeeStatistics: {
            /** @description Employees whose status is active. */
            active: number | null;
            /** @description Employees whose status is deactivated. */
            deactivated: number | null;
            /** @description Employees whose status is pending. */
            pending: number | null;
            /** @description Employees whose status is unlicensed. */
            unlicensed: number | null;
            /** @description Every employee of the workspace. */
            total: number | null;
            /** @description The mean karma score of the active employees that have a karma, rounded half up; null when there is none. */
            average_karma_score: number | null;
        };
        /** @description The employees statistics as the last import before the end of the period kept them; every field but start and end null when none had. */
        EmployeeStatisticsPoint: {
            /**
             * Format: date-time
             * @description The first instant of the period (UTC), inclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            start: string;
            /**
             * Format: date-time
             * @description The first instant after the period (UTC), exclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            end: string;
            /** @description Employees whose status is active. */
            active: number | null;
            /** @description Employees whose status is deactivated. */
            deactivated: number | null;
            /** @description Employees whose status is pending. */
            pending: number | null;
            /** @description Employees whose status is unlicensed. */
            unlicensed: number | null;
            /** @description Every employee of the workspace. */
            total: number | null;
            /** @description The mean karma score of the active employees that have a karma, rounded half up; null when there is none. */
            average_karma_score: number | null;
        };
        /** @description The employee's karma as the last import before the end of the period kept it; score and security_level null when none had, or when the employee had no karma. */
        KarmaPoint: {
            /**
             * Format: date-time
             * @description The first instant of the period (UTC), inclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            start: string;
            /**
             * Format: date-time
             * @description The first instant after the period (UTC), exclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            end: string;
            /** @description higher is safer */
            score: number | null;
            /**
             * @description worst to best
             * @enum {string|null}
             */
            security_level: "dangerous" | "bad" | "ok" | "good" | "great" | "excellent" | "exceptional" | null;
        };
        Course: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            name: string;
            slug: string;
            description: string;
            /** @description average length in minutes */
            duration: number;
            /** @enum {string} */
            theme: "digital_footprint" | "gdpr" | "general" | "irl" | "it" | "legal" | "passwords" | "social_engineering" | "technical";
            settings: {
                /** @enum {string} */
                delivery: "a_week_after_event" | "directly_after_event" | "first_day" | "first_month" | "none" | "sent_after_the_first_year" | "yearly" | "yearly_at_end_of_program";
                /** @description program year (1 = first year) */
                year: number;
            }[];
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            updated_at: string;
        };
        EmployeeCourseProgress: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            courses_progress: {
                course: {
                    /**
                     * Format: uuid
                     * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                     */
                    id: string;
                    name: string;
                    slug: string;
                    description: string;
                };
                /** @enum {string|null} */
                status: "completed" | "missed" | "upcoming" | null;
                years: {
                    year: number;
                    /** @enum {string} */
                    status: "completed" | "missed" | "upcoming";
                    /**
                     * Format: date-time
                     * @description UTC, microsecond precision
                     * @example 2024-01-13T10:00:00.123456Z
                     */
                    due_at: string;
                    /**
                     * Format: date-time
                     * @description UTC, microsecond precision
                     * @example 2024-01-13T10:00:00.123456Z
                     */
                    completed_at: string | null;
                    /** @description The employee's quiz score in percent; null when none. */
                    quiz_score: number | null;
                }[];
                /** @description The employee's quiz score in percent; null when none. */
                quiz_score: number | null;
            }[];
        };
        /** @description For an aggregate key (CONTRACT 19): every figure is null when the population (the active employees) is below its minimum group size, and a figure over a narrower set of employees (its x-describes) is null when that set is. */
        Statistics: {
            active_employees: number | null;
            covered_employees: number | null;
            average_courses_completed: number | null;
            positive_feedbacks: number | null;
            neutral_feedbacks: number | null;
            negative_feedbacks: number | null;
        };
        /** @description The program statistics as the last import before the end of the period kept them (the feedback window ending at its as_of); every field but start and end null when none had. */
        StatisticsPoint: {
            /**
             * Format: date-time
             * @description The first instant of the period (UTC), inclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            start: string;
            /**
             * Format: date-time
             * @description The first instant after the period (UTC), exclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            end: string;
            active_employees: number | null;
            covered_employees: number | null;
            average_courses_completed: number | null;
            positive_feedbacks: number | null;
            neutral_feedbacks: number | null;
            negative_feedbacks: number | null;
        };
        /** @description An employee enrolled in the course, and their progress in it. */
        CourseEnrollment: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            /** @enum {string|null} */
            status: "completed" | "missed" | "upcoming" | null;
            years: {
                year: number;
                /** @enum {string} */
                status: "completed" | "missed" | "upcoming";
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                due_at: string;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                completed_at: string | null;
                /** @description The employee's quiz score in percent; null when none. */
                quiz_score: number | null;
            }[];
            /** @description The employee's quiz score in percent; null when none. */
            quiz_score: number | null;
        };
        Breach: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            name: string;
            domain: string;
            /**
             * @description active while a compromised employee of the workspace has not acknowledged
             * @enum {string}
             */
            status: "active" | "resolved";
            /** @enum {string} */
            criticality: "low" | "medium" | "high";
            impacted: number;
            warned: number;
            acknowledged: number;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            last_breached_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            updated_at: string;
        };
        CompromisedEmployee: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            compromised_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            warned_at: string | null;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            acknowledged_at: string | null;
            breached_accounts: {
                email: string | null;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                compromised_at: string;
            }[];
        };
        CompromisedEmployeeChange: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            compromised_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            warned_at: string | null;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            acknowledged_at: string | null;
            breached_accounts: {
                email: string | null;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                compromised_at: string;
            }[];
            breach: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
            };
        };
        /** @description For an aggregate key (CONTRACT 19): every figure is null when the population (the active employees) is below its minimum group size, and a figure over a narrower set of employees (its x-describes) is null when that set is. */
        BreachStatistics: {
            /** @description Breaches affecting the workspace, last breached within the window. */
            breaches_count: number | null;
            /** @description Distinct employees of the workspace those breaches compromised. */
            impacted_employees_count: number | null;
            /** @description Of those, the employees warned about at least one of the breaches. */
            warned_employees_count: number | null;
            /** @description Of those, the employees who acknowledged at least one of the breaches. */
            acknowledged_employees_count: number | null;
        };
        /** @description The statistics of the period: their window from start to 1 µs before end, over the data held now. */
        BreachStatisticsPoint: {
            /**
             * Format: date-time
             * @description The first instant of the period (UTC), inclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            start: string;
            /**
             * Format: date-time
             * @description The first instant after the period (UTC), exclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            end: string;
            /** @description Breaches affecting the workspace, last breached within the window. */
            breaches_count: number | null;
            /** @description Distinct employees of the workspace those breaches compromised. */
            impacted_employees_count: number | null;
            /** @description Of those, the employees warned about at least one of the breaches. */
            warned_employees_count: number | null;
            /** @description Of those, the employees who acknowledged at least one of the breaches. */
            acknowledged_employees_count: number | null;
        };
        Group: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            name: string;
            description: string | null;
            /** @description How many employees the group holds. */
            employees_count: number;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            updated_at: string;
        };
        /** @description An employee reference, and when the employee joined the group. */
        GroupMember: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            name: string | null;
            primary_email_address: string | null;
            username: string | null;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            added_at: string;
        };
        /** @description The group's figures as the last import before the end of the period kept them; null before the group appeared. */
        GroupKarmaPoint: {
            /**
             * Format: date-time
             * @description The first instant of the period (UTC), inclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            start: string;
            /**
             * Format: date-time
             * @description The first instant after the period (UTC), exclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            end: string;
            /** @description How many employees the group held. */
            employees_count: number | null;
            /** @description The mean karma score of the group's active employees that had a karma, rounded half up; null when none had. */
            average_karma_score: number | null;
        };
        /** @description A phishing simulation campaign. */
        Campaign: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            name: string | null;
            /** @enum {string} */
            status: "draft" | "scheduled" | "active" | "paused" | "completed";
            /** @enum {string} */
            delivery: "one_off" | "recurring";
            /**
             * @description null for a one-off campaign.
             * @enum {string|null}
             */
            frequency: "weekly" | "monthly" | "quarterly" | null;
            /**
             * Format: date-time
             * @description null until the campaign is launched.
             * @example 2024-01-13T10:00:00.123456Z
             */
            launched_at: string | null;
            /**
             * Format: date-time
             * @description null until the campaign is completed.
             * @example 2024-01-13T10:00:00.123456Z
             */
            completed_at: string | null;
            /** @description By starts_at ascending, then id ascending. */
            cycles: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                starts_at: string;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                ends_at: string;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                updated_at: string;
            }[];
            workspace: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
            };
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            updated_at: string;
        };
        /** @description One simulated phishing message sent to one employee. */
        Attack: {
            /**
             * Format: uuid
             * @description Unique within the organization.
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            campaign_cycle: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string;
            } | null;
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            template: {
                name: string;
            };
            /** @description The brand the message imitated. */
            service: {
                name: string;
            };
            /** @enum {string} */
            difficulty: "easy" | "medium" | "hard";
            /**
             * Format: date-time
             * @description null while the message is not sent.
             * @example 2024-01-13T10:00:00.123456Z
             */
            sent_at: string | null;
            /**
             * Format: date-time
             * @description The first employee_tricked event; null when none.
             * @example 2024-01-13T10:00:00.123456Z
             */
            tricked_at: string | null;
            /**
             * Format: date-time
             * @description The first email_reported or manually_reported event; null when none.
             * @example 2024-01-13T10:00:00.123456Z
             */
            reported_at: string | null;
            /** @description By created_at ascending, then id ascending. */
            events: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                /** @enum {string} */
                type: "attack_sent" | "attack_voided" | "email_opened" | "email_answered" | "email_reported" | "manually_reported" | "manually_retried" | "page_opened" | "download_link_clicked" | "attachment_opened" | "file_opened" | "credentials_submitted" | "mfa_code_submitted" | "social_login_clicked" | "scope_granted" | "qr_code_scanned" | "sms_answered" | "phone_number_called" | "phone_number_code_entered" | "employee_tricked" | "remedial_started" | "remedial_completed" | "phishing_remedial_course_completed";
                /**
                 * Format: date-time
                 * @description UTC, microsecond precision
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                created_at: string;
            }[];
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
        };
        /** @description For an aggregate key (CONTRACT 19): every figure is null when the population (the active employees) is below its minimum group size, and a figure over a narrower set of employees (its x-describes) is null when that set is. */
        CampaignStatistics: {
            /** @description Employees with at least one sent attack within the filters. */
            employees_attacked_count: number | null;
            /** @description Of those, the ones whose status is active. */
            active_employees_attacked_count: number | null;
            /** @description Per attack event type: the employees with at least one such event on an attack within the filters. */
            attack_events_per_employee: {
                /** @description Employees with at least one attack_sent event. */
                attack_sent: number | null;
                /** @description Employees with at least one attack_voided event. */
                attack_voided: number | null;
                /** @description Employees with at least one email_opened event. */
                email_opened: number | null;
                /** @description Employees with at least one email_answered event. */
                email_answered: number | null;
                /** @description Employees with at least one email_reported event. */
                email_reported: number | null;
                /** @description Employees with at least one manually_reported event. */
                manually_reported: number | null;
                /** @description Employees with at least one manually_retried event. */
                manually_retried: number | null;
                /** @description Employees with at least one page_opened event. */
                page_opened: number | null;
                /** @description Employees with at least one download_link_clicked event. */
                download_link_clicked: number | null;
                /** @description Employees with at least one attachment_opened event. */
                attachment_opened: number | null;
                /** @description Employees with at least one file_opened event. */
                file_opened: number | null;
                /** @description Employees with at least one credentials_submitted event. */
                credentials_submitted: number | null;
                /** @description Employees with at least one mfa_code_submitted event. */
                mfa_code_submitted: number | null;
                /** @description Employees with at least one social_login_clicked event. */
                social_login_clicked: number | null;
                /** @description Employees with at least one scope_granted event. */
                scope_granted: number | null;
                /** @description Employees with at least one qr_code_scanned event. */
                qr_code_scanned: number | null;
                /** @description Employees with at least one sms_answered event. */
                sms_answered: number | null;
                /** @description Employees with at least one phone_number_called event. */
                phone_number_called: number | null;
                /** @description Employees with at least one phone_number_code_entered event. */
                phone_number_code_entered: number | null;
                /** @description Employees with at least one employee_tricked event. */
                employee_tricked: number | null;
                /** @description Employees with at least one remedial_started event. */
                remedial_started: number | null;
                /** @description Employees with at least one remedial_completed event. */
                remedial_completed: number | null;
                /** @description Employees with at least one phishing_remedial_course_completed event. */
                phishing_remedial_course_completed: number | null;
            };
            /** @description Employees with a tricked sent attack / employees attacked, in percent rounded half up; 0 when nobody was attacked. */
            vulnerability_rate: number | null;
            /** @description Employees with a reported sent attack / employees attacked, in percent rounded half up; 0 when nobody was attacked. */
            reporting_rate: number | null;
        };
        /** @description The statistics of the period: their window from start to 1 µs before end, over the data held now. */
        CampaignStatisticsPoint: {
            /**
             * Format: date-time
             * @description The first instant of the period (UTC), inclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            start: string;
            /**
             * Format: date-time
             * @description The first instant after the period (UTC), exclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            end: string;
            /** @description Employees with at least one sent attack within the filters. */
            employees_attacked_count: number | null;
            /** @description Of those, the ones whose status is active. */
            active_employees_attacked_count: number | null;
            /** @description Per attack event type: the employees with at least one such event on an attack within the filters. */
            attack_events_per_employee: {
                /** @description Employees with at least one attack_sent event. */
                attack_sent: number | null;
                /** @description Employees with at least one attack_voided event. */
                attack_voided: number | null;
                /** @description Employees with at least one email_opened event. */
                email_opened: number | null;
                /** @description Employees with at least one email_answered event. */
                email_answered: number | null;
                /** @description Employees with at least one email_reported event. */
                email_reported: number | null;
                /** @description Employees with at least one manually_reported event. */
                manually_reported: number | null;
                /** @description Employees with at least one manually_retried event. */
                manually_retried: number | null;
                /** @description Employees with at least one page_opened event. */
                page_opened: number | null;
                /** @description Employees with at least one download_link_clicked event. */
                download_link_clicked: number | null;
                /** @description Employees with at least one attachment_opened event. */
                attachment_opened: number | null;
                /** @description Employees with at least one file_opened event. */
                file_opened: number | null;
                /** @description Employees with at least one credentials_submitted event. */
                credentials_submitted: number | null;
                /** @description Employees with at least one mfa_code_submitted event. */
                mfa_code_submitted: number | null;
                /** @description Employees with at least one social_login_clicked event. */
                social_login_clicked: number | null;
                /** @description Employees with at least one scope_granted event. */
                scope_granted: number | null;
                /** @description Employees with at least one qr_code_scanned event. */
                qr_code_scanned: number | null;
                /** @description Employees with at least one sms_answered event. */
                sms_answered: number | null;
                /** @description Employees with at least one phone_number_called event. */
                phone_number_called: number | null;
                /** @description Employees with at least one phone_number_code_entered event. */
                phone_number_code_entered: number | null;
                /** @description Employees with at least one employee_tricked event. */
                employee_tricked: number | null;
                /** @description Employees with at least one remedial_started event. */
                remedial_started: number | null;
                /** @description Employees with at least one remedial_completed event. */
                remedial_completed: number | null;
                /** @description Employees with at least one phishing_remedial_course_completed event. */
                phishing_remedial_course_completed: number | null;
            };
            /** @description Employees with a tricked sent attack / employees attacked, in percent rounded half up; 0 when nobody was attacked. */
            vulnerability_rate: number | null;
            /** @description Employees with a reported sent attack / employees attacked, in percent rounded half up; 0 when nobody was attacked. */
            reporting_rate: number | null;
        };
        /** @description Reports of one suspicious email, grouped for an analyst to classify. */
        InboxTicket: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            /** @description The email the ticket is about. */
            email: {
                /** @description The sender address. */
                from: string;
                subject: string;
                /** @description The RFC 5322 Message-ID. */
                message_uid: string;
            };
            /**
             * @description How an analyst classified the email; null while unreviewed.
             * @enum {string|null}
             */
            classification: "safe" | "spam" | "fraudulent" | null;
            /**
             * @description Set exactly when classification is fraudulent.
             * @enum {string|null}
             */
            fraud_type: "employee_impersonation" | "partner_payment_fraud" | "scam_extortion" | "service_imitation" | "other" | null;
            /**
             * Format: date-time
             * @description null exactly when classification is.
             * @example 2024-01-13T10:00:00.123456Z
             */
            classified_at: string | null;
            /** @description Its reports. */
            reports_count: number;
            /**
             * Format: date-time
             * @description The earliest reported_at of its reports; null without reports.
             * @example 2024-01-13T10:00:00.123456Z
             */
            first_reported_at: string | null;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            updated_at: string;
        };
        /** @description One employee reporting the email of a ticket. */
        EmailReport: {
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            id: string;
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            /**
             * @description How the employee reported it.
             * @enum {string}
             */
            source: "add_in" | "forward" | "mobile";
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            reported_at: string;
        };
        /** @description An employee with reports in the window; a report on an unreviewed ticket counts only in the total. */
        EmployeeEmailReports: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            emails_reported_stats: {
                /** @description Their reports in the window. */
                reported_emails_count: number;
                /** @description Of those, on tickets classified fraudulent. */
                reported_fraudulent_emails_count: number;
                /** @description Of those, on tickets classified safe. */
                reported_safe_emails_count: number;
                /** @description Of those, on tickets classified spam. */
                reported_spam_emails_count: number;
            };
        };
        /** @description Reported emails of a workspace: the window bounds reports by reported_at and tickets by created_at. Rates are percentages rounded half up to one decimal, from exact counts; 0 when the denominator is 0. For an aggregate key (CONTRACT 19): every figure is null when the population (the active employees) is below its minimum group size, and a figure over a narrower set of employees (its x-describes) is null when that set is. */
        InboxStatistics: {
            reports: {
                /** @description Reports whose reported_at is in the window. */
                total_count: number | null;
                /** @description Distinct employees who made them. */
                reporters_count: number | null;
                /** @description Active employees among them / active employees of the workspace. In percent, one decimal. */
                employee_reporting_rate: number | null;
            };
            tickets: {
                /** @description Tickets created in the window. */
                total_count: number | null;
                /** @description Of those, not classified yet. */
                unreviewed_count: number | null;
                /** @description Safe tickets / tickets. In percent, one decimal. */
                safe_rate: number | null;
                /** @description Spam tickets / tickets. In percent, one decimal. */
                spam_rate: number | null;
                /** @description Fraudulent tickets / tickets. In percent, one decimal. */
                fraudulent_rate: number | null;
                fraudulent_distribution: {
                    /** @description Fraudulent tickets of type employee_impersonation / fraudulent tickets. In percent, one decimal. */
                    employee_impersonation_rate: number | null;
                    /** @description Fraudulent tickets of type partner_payment_fraud / fraudulent tickets. In percent, one decimal. */
                    partner_payment_fraud_rate: number | null;
                    /** @description Fraudulent tickets of type scam_extortion / fraudulent tickets. In percent, one decimal. */
                    scam_extortion_rate: number | null;
                    /** @description Fraudulent tickets of type service_imitation / fraudulent tickets. In percent, one decimal. */
                    service_imitation_rate: number | null;
                    /** @description Fraudulent tickets of type other / fraudulent tickets. In percent, one decimal. */
                    other_rate: number | null;
                };
            };
        };
        /** @description The statistics of the period: their window from start to 1 µs before end, over the data held now. */
        InboxStatisticsPoint: {
            /**
             * Format: date-time
             * @description The first instant of the period (UTC), inclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            start: string;
            /**
             * Format: date-time
             * @description The first instant after the period (UTC), exclusive.
             * @example 2024-01-13T10:00:00.123456Z
             */
            end: string;
            reports: {
                /** @description Reports whose reported_at is in the window. */
                total_count: number | null;
                /** @description Distinct employees who made them. */
                reporters_count: number | null;
                /** @description Active employees among them / active employees of the workspace. In percent, one decimal. */
                employee_reporting_rate: number | null;
            };
            tickets: {
                /** @description Tickets created in the window. */
                total_count: number | null;
                /** @description Of those, not classified yet. */
                unreviewed_count: number | null;
                /** @description Safe tickets / tickets. In percent, one decimal. */
                safe_rate: number | null;
                /** @description Spam tickets / tickets. In percent, one decimal. */
                spam_rate: number | null;
                /** @description Fraudulent tickets / tickets. In percent, one decimal. */
                fraudulent_rate: number | null;
                fraudulent_distribution: {
                    /** @description Fraudulent tickets of type employee_impersonation / fraudulent tickets. In percent, one decimal. */
                    employee_impersonation_rate: number | null;
                    /** @description Fraudulent tickets of type partner_payment_fraud / fraudulent tickets. In percent, one decimal. */
                    partner_payment_fraud_rate: number | null;
                    /** @description Fraudulent tickets of type scam_extortion / fraudulent tickets. In percent, one decimal. */
                    scam_extortion_rate: number | null;
                    /** @description Fraudulent tickets of type service_imitation / fraudulent tickets. In percent, one decimal. */
                    service_imitation_rate: number | null;
                    /** @description Fraudulent tickets of type other / fraudulent tickets. In percent, one decimal. */
                    other_rate: number | null;
                };
            };
        };
        /** @description An employee warned on dangerous mail in the window. */
        EmployeeAlertStatistics: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            emails_alerts_stats: {
                /** @description Alerts shown to them, created in the window. */
                received_alerts_count: number;
                /** @description Of those, the ones they reported. */
                reported_alerts_count: number;
                /** @description Of those, the ones they marked safe. */
                marked_safe_alerts_count: number;
            };
        };
        /** @description An employee impersonated in the window. */
        EmployeeImpersonationStatistics: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            impersonation_stats: {
                /** @description Attacks that used their identity, created in the window. */
                attacks_impersonating_employee: number;
                /** @description Of those, the ones judged fraudulent. */
                impersonation_attacks_confirmed: number;
                /** @description Of those, the ones pending review. */
                impersonation_attacks_pending_review: number;
                /** @description Of those, the ones judged safe. */
                impersonation_attacks_denied: number;
            };
        };
        /** @description One cell of a breakdown: the workspace's members (active employees) of one department, manager's team, group or country. For an aggregate key (CONTRACT 19), the row whose key is null holds the merged cells; when it still has fewer members than the minimum group size, every figure is null, employees_count included. */
        BreakdownCell: {
            /** @description The department's name, the manager's employee id, the group's id or the country code; null for the members without one. */
            key: string | null;
            /** @description The department's name, the manager's name, the group's name or the country code; null for the members without one, or when unknown. */
            name: string | null;
            /** @description Members in the cell (active employees). */
            employees_count: number | null;
            /** @description The mean karma score of the cell's members with a karma, rounded half up; null when none has one. */
            average_karma_score: number | null;
            /** @description Members whose karma security_level is dangerous or bad. */
            at_risk_employees_count: number | null;
            /** @description Members with at least one course progress entry. */
            covered_employees: number | null;
            /** @description The mean number of completed progress entries per member, rounded half up. */
            average_courses_completed: number | null;
            /** @description Members with at least one sent attack created in the window. */
            employees_attacked_count: number | null;
            /** @description Members with a tricked attack / members attacked; 0 when nobody was. In percent, rounded half up. */
            vulnerability_rate: number | null;
            /** @description Members with a reported attack / members attacked; 0 when nobody was. In percent, rounded half up. */
            reporting_rate: number | null;
            /** @description Members with at least one email report made in the window. */
            reporters_count: number | null;
            /** @description reporters_count / employees_count, in percent, rounded half up to one decimal. */
            employee_reporting_rate: number | null;
            /** @description Members with at least one compromised record in the workspace. */
            compromised_employees_count: number | null;
            /** @description Of those, members with at least one compromised record not acknowledged. */
            unacknowledged_employees_count: number | null;
        };
        /** @description A member tricked in at least min_tricked attacks of the window. */
        RepeatOffender: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            karma: {
                /** @description higher is safer */
                score: number;
                /**
                 * @description worst to best
                 * @enum {string}
                 */
                security_level: "dangerous" | "bad" | "ok" | "good" | "great" | "excellent" | "exceptional";
            } | null;
            /** @description Their attacks with sent_at set, created in the window. */
            attacks_count: number;
            /** @description Of those, the attacks that tricked them. */
            tricked_count: number;
            /** @description Of those, the attacks they reported. */
            reported_count: number;
            /**
             * Format: date-time
             * @description The latest tricked_at of those attacks.
             * @example 2024-01-13T10:00:00.123456Z
             */
            last_tricked_at: string;
        };
        /** @description A member and the simulated phishing they received in the window. */
        SimulationCoverage: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            /** @description Their attacks with sent_at set, created in the window. */
            attacks_count: number;
            /** @description Of those, the attacks that tricked them. */
            tricked_count: number;
            /** @description Of those, the attacks they reported. */
            reported_count: number;
            /**
             * Format: date-time
             * @description The latest sent_at of those attacks; null when none.
             * @example 2024-01-13T10:00:00.123456Z
             */
            last_attacked_at: string | null;
        };
        /** @description A member and their awareness training. */
        TrainingCoverage: {
            employee: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                id: string;
                name: string | null;
                primary_email_address: string | null;
                username: string | null;
            };
            /** @description Their course progress entries. */
            courses_count: number;
            /** @description Entries whose status is completed. */
            completed_count: number;
            /** @description Entries whose status is missed. */
            missed_count: number;
            /** @description Entries whose status is upcoming. */
            upcoming_count: number;
            /** @description Entries without a status. */
            not_started_count: number;
            /**
             * Format: date-time
             * @description The latest completed_at of any year of any entry; null when none.
             * @example 2024-01-13T10:00:00.123456Z
             */
            last_completed_at: string | null;
        };
        Event: {
            /**
             * Format: uuid
             * @description A UUIDv7: ids increase from one import to the next and, within one, in the order its steps recorded them (created, updated, deleted, resource after resource); nothing in an id counts other events.
             */
            id: string;
            /** @enum {string} */
            type: "employee.created" | "employee.updated" | "employee.deleted" | "employee.erased" | "course.created" | "course.updated" | "course.deleted" | "course_progress.updated" | "breach.created" | "breach.updated" | "breach.deleted" | "compromised_employee.created" | "compromised_employee.updated" | "compromised_employee.deleted" | "group.created" | "group.updated" | "group.deleted" | "campaign.created" | "campaign.updated" | "campaign.deleted" | "attack.created" | "attack.updated" | "inbox_ticket.created" | "inbox_ticket.updated" | "inbox_ticket.deleted";
            /**
             * Format: date-time
             * @description UTC, microsecond precision
             * @example 2024-01-13T10:00:00.123456Z
             */
            created_at: string;
            /**
             * Format: uuid
             * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
             */
            workspace_id: string;
            data: {
                /** @description The resource exactly as its GET renders it (for *.deleted, its last rendering): employee.created, employee.updated, employee.deleted an Employee, employee.erased an erased employee (their id alone), course.* a Course, course_progress.updated an item of employees_progress, breach.* a Breach in the workspace, compromised_employee.* an item of compromised-employees plus "breach": {"id"}, group.* a Group, campaign.* a Campaign, attack.created, attack.updated an Attack, inbox_ticket.* an InboxTicket. */
                object: components["schemas"]["Employee"] | components["schemas"]["ErasedEmployee"] | components["schemas"]["Course"] | components["schemas"]["EmployeeCourseProgress"] | components["schemas"]["Breach"] | components["schemas"]["CompromisedEmployeeChange"] | components["schemas"]["Group"] | components["schemas"]["Campaign"] | components["schemas"]["Attack"] | components["schemas"]["InboxTicket"];
                /** @description Only on *.updated: the top-level fields of object that changed, with their values before. */
                previous_attributes?: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description An event rendered as an OCSF 1.8.0 event of the class its type maps to (docs/ocsf.md); the class's attributes (finding_info, user, entity, compliance, evidences, …) as that class defines them. */
        OcsfEvent: {
            /** @description The OCSF class: which one each event type uses is in docs/ocsf.md. */
            class_uid: number;
            class_name: string;
            category_uid: number;
            category_name: string;
            /** @description What happened, as the class numbers it (Create, Update, …). */
            activity_id: number;
            /** @description The caption of activity_id. */
            activity_name: string;
            /** @description class_uid × 100 + activity_id. */
            type_uid: number;
            type_name: string;
            /** @description Informational (1), Low (2), Medium (3) or High (4). */
            severity_id: number;
            /** @description The caption of severity_id. */
            severity: string;
            /** @description When the event was recorded, in milliseconds since the epoch. */
            time: number;
            message: string;
            metadata: {
                /**
                 * @description The OCSF schema version.
                 * @enum {string}
                 */
                version: "1.8.0";
                product: {
                    name: string;
                    vendor_name: string;
                    version: string;
                };
                /**
                 * Format: uuid
                 * @description The event's id (Event.id): receivers deduplicate by it.
                 */
                uid: string;
                /**
                 * @description The event's type (Event.type).
                 * @enum {string}
                 */
                log_name: "employee.created" | "employee.updated" | "employee.deleted" | "employee.erased" | "course.created" | "course.updated" | "course.deleted" | "course_progress.updated" | "breach.created" | "breach.updated" | "breach.deleted" | "compromised_employee.created" | "compromised_employee.updated" | "compromised_employee.deleted" | "group.created" | "group.updated" | "group.deleted" | "campaign.created" | "campaign.updated" | "campaign.deleted" | "attack.created" | "attack.updated" | "inbox_ticket.created" | "inbox_ticket.updated" | "inbox_ticket.deleted" | "webhook.ping";
                /**
                 * Format: date-time
                 * @description The event's created_at, to the microsecond.
                 * @example 2024-01-13T10:00:00.123456Z
                 */
                original_time: string;
                /**
                 * Format: uuid
                 * @description The organization.
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                tenant_uid: string;
            };
            /** @description What no OCSF attribute carries: the workspace, the fields of the object left over, and previous_attributes on an update. */
            unmapped: {
                /**
                 * Format: uuid
                 * @example 0b6f6f0e-3f1c-4d7a-9e57-2a1d3c1b9f10
                 */
                workspace_id: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        ErrorResponse: {
            errors: {
                /** @description the HTTP status, as a string */
                status: string;
                /** @enum {string} */
                code: "malformed_request" | "unauthorized" | "forbidden" | "workspace_not_found" | "employee_not_found" | "course_not_found" | "breach_not_found" | "group_not_found" | "campaign_not_found" | "inbox_ticket_not_found" | "endpoint_not_found" | "snapshot_not_found" | "method_not_allowed" | "request_timeout" | "invalid_parameter" | "invalid_cursor" | "event_expired" | "uri_too_long" | "too_many_requests" | "request_header_too_large" | "internal_error" | "service_unavailable";
                title: string;
                detail: string;
                source: {
                    /** @description query or path parameter */
                    parameter: string;
                } | {
                    header: string;
                } | {
                    pointer: string;
                } | Record<string, never>;
            }[];
            meta: {
                request_id: string;
                /**
                 * @description present when there were more problems than the entries listed
                 * @enum {boolean}
                 */
                more_errors?: true;
            };
        };
    };
    responses: {
        /** @description Not modified: the If-None-Match tag is current. No body. */
        NotModified: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                "RateLimit-Policy": string;
                /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                RateLimit: string;
                /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description unauthorized: the key is missing, malformed, unknown, revoked or expired (one identical answer for all). */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "x-key-privacy": components["headers"]["KeyPrivacy"];
                /** @description `ApiKey header="x-api-key"` */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description forbidden: the key lacks the scope of the operation, the workspace is outside a workspace-scoped key, or the client address is outside the key's allow-list (keys create --allow-from). */
        Forbidden: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "x-key-privacy": components["headers"]["KeyPrivacy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description invalid_parameter: a parameter or header is missing, malformed, unknown or repeated (one entry each). invalid_cursor: the cursor was altered or issued for another list. */
        UnprocessableEntity: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "x-key-privacy": components["headers"]["KeyPrivacy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description too_many_requests: the key's budget for the window is used up, or the address failed authentication too often. */
        TooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "x-key-privacy": components["headers"]["KeyPrivacy"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description internal_error: a bug on our side; the body holds no internals. */
        InternalError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "x-key-privacy": components["headers"]["KeyPrivacy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description service_unavailable: the database cannot be reached or did not answer in time, or the server is overloaded; retry after the given delay. */
        ServiceUnavailable: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "x-key-privacy": components["headers"]["KeyPrivacy"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
         * @example 01a207a2-3280-7a3e-8b21-000000000001
         */
        WebhookId: string;
        /**
         * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
         * @example 1763888400
         */
        WebhookTimestamp: string;
        /**
         * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id: the client's own `x-request-id` when sane, else a new UUID. Also in error bodies and logs. */
        RequestId: string;
        /** @description A weak entity tag of this answer; send it in If-None-Match to get 304 while nothing changed. */
        ETag: string;
        /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
        RateLimitPolicy: string;
        /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
        RateLimit: string;
        /** @description Seconds to wait before trying again. */
        RetryAfter: number;
        /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
        KeyPrivacy: "identified" | "pseudonymous" | "aggregate";
        /** @description Present when more items follow: `<URL of the next page>; rel="next"`, this request with `cursor` set (RFC 8288). */
        Link: string;
        /** @description Present when more items follow: send it back unchanged as the x-next-cursor request header. */
        NextCursor: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEmployees: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps only employees with one of these statuses. Comma-separated (or the parameter repeated), any of: active, deactivated, pending, unlicensed. */
                status?: ("active" | "deactivated" | "pending" | "unlicensed")[];
                /** @description Keeps employees whose karma score is at least this (no karma: never). */
                karma_score_gte?: number;
                /** @description Keeps employees whose karma score is at most this (no karma: never). */
                karma_score_lte?: number;
                /** @description Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
                department?: string;
                /** @description Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
                country_code?: string[];
                /** @description Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
                group_id?: string[];
                /** @description Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
                manager_id?: string;
                /** @description Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
                manager_tree?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Employee"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, group_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEmployeeStatistics: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Answers as the statistics stood at this moment: those kept by the last import whose as_of is at or before it (404 snapshot_not_found when there is none). Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                as_of?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmployeeStatistics"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both); snapshot_not_found: no import of the workspace has an as_of at or before as_of. */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEmployeeStatisticsHistory: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC. */
                interval?: "month" | "week" | "day";
                /** @description The first point is the period holding this moment. Absent: 11 periods before the last. At most 1000 points. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                from?: string;
                /** @description The last point is the period holding this moment. Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmployeeStatisticsPoint"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEmployeeKarmaHistory: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC. */
                interval?: "month" | "week" | "day";
                /** @description The first point is the period holding this moment. Absent: 11 periods before the last. At most 1000 points. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                from?: string;
                /** @description The last point is the period holding this moment. Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                employee_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KarmaPoint"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, employee_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEmployee: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                employee_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Employee"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description employee_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCourses: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Course"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEmployeesProgress: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 500, default 500. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 500 (default 500). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmployeeCourseProgress"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getProgramStatistics: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Answers as the statistics stood at this moment: those kept by the last import whose as_of is at or before it (404 snapshot_not_found when there is none). Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                as_of?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Statistics"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both); snapshot_not_found: no import of the workspace has an as_of at or before as_of. */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getProgramStatisticsHistory: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC. */
                interval?: "month" | "week" | "day";
                /** @description The first point is the period holding this moment. Absent: 11 periods before the last. At most 1000 points. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                from?: string;
                /** @description The last point is the period holding this moment. Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StatisticsPoint"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCourseEmployees: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps only employees whose entry has one of these statuses. Comma-separated (or the parameter repeated), any of: completed, missed, upcoming. */
                status?: ("completed" | "missed" | "upcoming")[];
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                course_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CourseEnrollment"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, course_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listBreaches: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps only breaches with one of these statuses (active while a compromised employee of the workspace has not acknowledged). Comma-separated (or the parameter repeated), any of: active, resolved. */
                status?: ("active" | "resolved")[];
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Breach"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBreachStatistics: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Only breaches last breached at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                breached_after?: string;
                /** @description Only breaches last breached at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                breached_before?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BreachStatistics"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBreachStatisticsHistory: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC. */
                interval?: "month" | "week" | "day";
                /** @description The first point is the period holding this moment. Absent: 11 periods before the last. At most 1000 points. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                from?: string;
                /** @description The last point is the period holding this moment. Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BreachStatisticsPoint"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCompromisedEmployees: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description true: only employees who were notified about the breach; false: only those not notified. */
                warned?: boolean;
                /** @description true: only employees who acknowledged the breach; false: only those who did not. */
                acknowledged?: boolean;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                breach_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CompromisedEmployee"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, breach_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listGroups: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listGroupEmployees: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                group_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GroupMember"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, group_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getGroupKarmaHistory: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC. */
                interval?: "month" | "week" | "day";
                /** @description The first point is the period holding this moment. Absent: 11 periods before the last. At most 1000 points. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                from?: string;
                /** @description The last point is the period holding this moment. Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                group_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GroupKarmaPoint"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, group_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCampaigns: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps only campaigns with one of these statuses. Comma-separated (or the parameter repeated), any of: draft, scheduled, active, paused, completed. */
                status?: ("draft" | "scheduled" | "active" | "paused" | "completed")[];
                /** @description Only campaigns created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only campaigns created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCampaignStatistics: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Only the attacks of this campaign. */
                campaign_id?: string;
                /** @description Only the attacks of this campaign cycle. */
                campaign_cycle_id?: string;
                /** @description Only attacks created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only attacks created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CampaignStatistics"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, campaign_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCampaignStatisticsHistory: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC. */
                interval?: "month" | "week" | "day";
                /** @description The first point is the period holding this moment. Absent: 11 periods before the last. At most 1000 points. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                from?: string;
                /** @description The last point is the period holding this moment. Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CampaignStatisticsPoint"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCampaignAttacks: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Only the attacks of this cycle of the campaign. */
                campaign_cycle_id?: string;
                /** @description true: only attacks that tricked their employee; false: only the others. */
                is_tricked?: boolean;
                /** @description Only attacks created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only attacks created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Attack"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, campaign_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInboxTickets: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps only tickets with one of these classifications (unreviewed: not classified yet). Comma-separated (or the parameter repeated), any of: unreviewed, safe, spam, fraudulent. */
                classification?: ("unreviewed" | "safe" | "spam" | "fraudulent")[];
                /** @description Only tickets created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only tickets created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InboxTicket"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInboxStatistics: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Only reports made and tickets created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only reports made and tickets created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InboxStatistics"];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInboxStatisticsHistory: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC. */
                interval?: "month" | "week" | "day";
                /** @description The first point is the period holding this moment. Absent: 11 periods before the last. At most 1000 points. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                from?: string;
                /** @description The last point is the period holding this moment. Absent: now. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InboxStatisticsPoint"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEmployeesWithEmailReports: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Only reports made at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only reports made at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmployeeEmailReports"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInboxTicketReports: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                ticket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmailReport"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, inbox_ticket_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEmployeesAlertStatistics: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Only alerts created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only alerts created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmployeeAlertStatistics"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEmployeesImpersonationStatistics: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Only impersonation attempts created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only impersonation attempts created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmployeeImpersonationStatistics"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listReportBreakdown: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description The dimension the members are grouped by. */
                by: "department" | "manager" | "group" | "country";
                /** @description Only attacks created and email reports made at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only attacks created and email reports made at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
                department?: string;
                /** @description Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
                country_code?: string[];
                /** @description Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
                group_id?: string[];
                /** @description Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
                manager_id?: string;
                /** @description Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
                manager_tree?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BreakdownCell"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, group_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRepeatOffenders: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps the members tricked in at least this many attacks. */
                min_tricked?: number;
                /** @description Only attacks created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only attacks created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
                department?: string;
                /** @description Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
                country_code?: string[];
                /** @description Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
                group_id?: string[];
                /** @description Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
                manager_id?: string;
                /** @description Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
                manager_tree?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RepeatOffender"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, group_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSimulationCoverage: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps the members with attacks in the window (true) or without (false). */
                attacked?: boolean;
                /** @description Only attacks created at or after this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_after?: string;
                /** @description Only attacks created at or before this time. An RFC 3339 timestamp with Z or an offset and 0 to 6 fractional digits (2024-01-13T10:00:00.123456Z, 2024-01-13T11:00:00+01:00) or a date (2024-01-13: midnight UTC); inclusive. */
                created_before?: string;
                /** @description Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
                department?: string;
                /** @description Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
                country_code?: string[];
                /** @description Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
                group_id?: string[];
                /** @description Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
                manager_id?: string;
                /** @description Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
                manager_tree?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SimulationCoverage"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, group_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTrainingCoverage: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps the members with at least one missed entry (true) or without (false). */
                missed?: boolean;
                /** @description Keeps the employees of this department (department.name, exact and whole: a name holding commas is one name). */
                department?: string;
                /** @description Keeps the employees with one of these country codes (ISO 3166-1 alpha-2, upper case). Comma-separated (or the parameter repeated), at most 100. */
                country_code?: string[];
                /** @description Keeps the members of any of these groups. Comma-separated (or the parameter repeated), at most 100. */
                group_id?: string[];
                /** @description Keeps the direct reports of this employee (whose manager.id it is); a pseudonymous or aggregate key gives the pseudonym. */
                manager_id?: string;
                /** @description Keeps everyone under this employee at any depth, the employee excluded; a pseudonymous or aggregate key gives the pseudonym. */
                manager_tree?: string;
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 100, default 50. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 100 (default 50). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TrainingCoverage"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found, group_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query: {
                /**
                 * @description The workspace whose data is returned.
                 * @example 7cf3c256-32b9-4240-ad3f-b64afebede10
                 */
                workspace_id: string;
                /** @description Keeps only events of these types. Comma-separated (or the parameter repeated), any of: employee.created, employee.updated, employee.deleted, employee.erased, course.created, course.updated, course.deleted, course_progress.updated, breach.created, breach.updated, breach.deleted, compromised_employee.created, compromised_employee.updated, compromised_employee.deleted, group.created, group.updated, group.deleted, campaign.created, campaign.updated, campaign.deleted, attack.created, attack.updated, inbox_ticket.created, inbox_ticket.updated, inbox_ticket.deleted. */
                type?: ("employee.created" | "employee.updated" | "employee.deleted" | "employee.erased" | "course.created" | "course.updated" | "course.deleted" | "course_progress.updated" | "breach.created" | "breach.updated" | "breach.deleted" | "compromised_employee.created" | "compromised_employee.updated" | "compromised_employee.deleted" | "group.created" | "group.updated" | "group.deleted" | "campaign.created" | "campaign.updated" | "campaign.deleted" | "attack.created" | "attack.updated" | "inbox_ticket.created" | "inbox_ticket.updated" | "inbox_ticket.deleted")[];
                /** @description The id of the last event the client handled: the feed resumes after it. An id older than the retention is a 410 event_expired; one that names no event of this workspace is a 422. */
                after?: string;
                /** @description json: the events as below (Event); ocsf: each event rendered as an OCSF 1.8.0 event (OcsfEvent), its class chosen by its type (docs/ocsf.md). Paging, after= and isolation are the same. */
                format?: "json" | "ocsf";
                /** @description Items per page, like x-item-limit (give one of the two): 1 to 1000, default 100. */
                limit?: number;
                /** @description Where the page starts, like x-next-cursor (give one of the two): the Link rel="next" of the previous page carries it. */
                cursor?: string;
            };
            header?: {
                /** @description Items per page, 1 to 1000 (default 100). Anything else is a 422. */
                "x-item-limit"?: number;
                /** @description The x-next-cursor response header of the previous page, passed back unchanged. */
                "x-next-cursor"?: string;
                /** @description An ETag from an earlier answer: 304 without a body while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The key's budget: `"default";q=<requests>;w=<window seconds>`. */
                    "RateLimit-Policy": string;
                    /** @description What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`. */
                    RateLimit: string;
                    /** @description The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key. */
                    "x-key-privacy": "identified" | "pseudonymous" | "aggregate";
                    ETag: components["headers"]["ETag"];
                    "x-next-cursor": components["headers"]["NextCursor"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: (components["schemas"]["Event"] | components["schemas"]["OcsfEvent"])[];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description workspace_not_found: the id is unknown or out of the key's reach (the same answer for both). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description event_expired: after names a position older than the events kept (EVENTS_RETENTION); read the resources again in full. */
            410: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "x-key-privacy": components["headers"]["KeyPrivacy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    employeeCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "employee.created";
                    data: {
                        object: components["schemas"]["Employee"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "employee.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    employeeUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "employee.updated";
                    data: {
                        object: components["schemas"]["Employee"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "employee.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    employeeDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "employee.deleted";
                    data: {
                        object: components["schemas"]["Employee"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "employee.deleted";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    employeeErasedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "employee.erased";
                    data: {
                        object: components["schemas"]["ErasedEmployee"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "employee.erased";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    courseCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "course.created";
                    data: {
                        object: components["schemas"]["Course"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "course.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    courseUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "course.updated";
                    data: {
                        object: components["schemas"]["Course"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "course.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    courseDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "course.deleted";
                    data: {
                        object: components["schemas"]["Course"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "course.deleted";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    courseProgressUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "course_progress.updated";
                    data: {
                        object: components["schemas"]["EmployeeCourseProgress"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "course_progress.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    breachCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "breach.created";
                    data: {
                        object: components["schemas"]["Breach"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "breach.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    breachUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "breach.updated";
                    data: {
                        object: components["schemas"]["Breach"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "breach.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    breachDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "breach.deleted";
                    data: {
                        object: components["schemas"]["Breach"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "breach.deleted";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    compromisedEmployeeCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "compromised_employee.created";
                    data: {
                        object: components["schemas"]["CompromisedEmployeeChange"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "compromised_employee.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    compromisedEmployeeUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "compromised_employee.updated";
                    data: {
                        object: components["schemas"]["CompromisedEmployeeChange"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "compromised_employee.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    compromisedEmployeeDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "compromised_employee.deleted";
                    data: {
                        object: components["schemas"]["CompromisedEmployeeChange"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "compromised_employee.deleted";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    groupCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "group.created";
                    data: {
                        object: components["schemas"]["Group"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "group.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    groupUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "group.updated";
                    data: {
                        object: components["schemas"]["Group"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "group.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    groupDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "group.deleted";
                    data: {
                        object: components["schemas"]["Group"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "group.deleted";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    campaignCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "campaign.created";
                    data: {
                        object: components["schemas"]["Campaign"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "campaign.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    campaignUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "campaign.updated";
                    data: {
                        object: components["schemas"]["Campaign"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "campaign.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    campaignDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "campaign.deleted";
                    data: {
                        object: components["schemas"]["Campaign"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "campaign.deleted";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    attackCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "attack.created";
                    data: {
                        object: components["schemas"]["Attack"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "attack.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    attackUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "attack.updated";
                    data: {
                        object: components["schemas"]["Attack"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "attack.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    inboxTicketCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "inbox_ticket.created";
                    data: {
                        object: components["schemas"]["InboxTicket"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "inbox_ticket.created";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    inboxTicketUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "inbox_ticket.updated";
                    data: {
                        object: components["schemas"]["InboxTicket"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "inbox_ticket.updated";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    inboxTicketDeletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (components["schemas"]["Event"] & {
                    /** @constant */
                    type: "inbox_ticket.deleted";
                    data: {
                        object: components["schemas"]["InboxTicket"];
                    };
                }) | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "inbox_ticket.deleted";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookPingWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id: the same on every retry of a delivery, so that the receiver can ignore one it has handled.
                 * @example 01a207a2-3280-7a3e-8b21-000000000001
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description When this attempt was signed, in seconds since the Unix epoch: refuse one too far from your clock (replays).
                 * @example 1763888400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`; compare in constant time. Standard Webhooks libraries verify it.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A UUIDv7, new for each ping.
                     */
                    id: string;
                    /** @constant */
                    type: "webhook.ping";
                    /** Format: date-time */
                    created_at: string;
                    /**
                     * Format: uuid
                     * @description The endpoint's workspace; null for an endpoint of the whole organization.
                     */
                    workspace_id: string | null;
                    data: {
                        object: {
                            /** Format: uuid */
                            endpoint_id: string;
                        };
                    };
                } | (components["schemas"]["OcsfEvent"] & {
                    metadata: {
                        /** @constant */
                        log_name?: "webhook.ping";
                    };
                });
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 s, fails the attempt: it is retried with backoff. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
