import type { FastifyInstance } from 'fastify'
import { LIST_LIMITS } from '../../paging/paging.js'
import { defineList, listRoute } from '../../routing/list.js'
import { checkCreatedWindow, createdWindow, param } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import { DRILL_DOWN_PARAMETERS, DRILL_DOWN_PEOPLE, drillingDown } from '../drill-down.js'
import { aggregateBreakdownPage, MANAGER_CELL } from './aggregate.js'
import { drilledBreakdownPage } from './drilled.js'
import { REPORTS_READ } from './scopes.js'
import { REPORT_SQL } from './sql.js'
import { DIMENSIONS, MAX_TRICKED } from './values.js'

const MEMBERS =
  "Members are the workspace's employees whose status is active now; an employee who is not active counts nowhere."
const DRILLED =
  'The drill-down filters (department, country_code, group_id, manager_id, manager_tree) keep the members they all ' +
  'hold for; one that matches nobody (unknown, or of another workspace) gives an empty list.'
const WINDOW =
  'The window bounds attacks by created_at and email reports by reported_at; every other figure is the state now.'
const EMPLOYEES_ORDER = 'In employees order: created_at descending, then id descending.'

const BREAKDOWN = defineList({
  operationId: 'listReportBreakdown',
  path: '/v1/reports/breakdown',
  summary: "Roll up a workspace's members by department, manager, group or country",
  description:
    'One row per cell of the dimension `by`: department (department.name), manager (the direct reports of one ' +
    "manager: key is the manager's employee id, name their name), group (an employee in several groups counts in " +
    'each), country (country_code). The members without one form the row whose key is null. Order: ' +
    'employees_count descending, then key ascending in code point order, the row whose key is null last. ' +
    `${MEMBERS} ${DRILLED} The cells are then those the kept members form (by=manager&department=Sales: Sales' ` +
    'teams), each named as without filters, its figures over its kept members alone. ' +
    `${WINDOW} Rates as in the campaign and inbox statistics, over the cell's members. ` +
    'An aggregate key (CONTRACT 19) sees every cell below its minimum group size merged into the row whose key is ' +
    'null; while that row holds members but fewer than the minimum and another row remains, the smallest other row ' +
    '(employees_count, then key descending) joins it. By group, while two rows (the null row included once it has ' +
    'members) differ by at least one and fewer than the minimum members, the smaller of such a pair (never the null ' +
    'row; the smallest of all such) joins the null row, and the rules apply again. The merged figures are counted ' +
    'over its members, each once; a null row still below the minimum has every figure null; a figure over a ' +
    "narrower set of a row's members (x-describes) is null when that set is below the minimum. By manager, a " +
    "pseudonymous or aggregate key sees the manager's pseudonym as key and a null name, ordered by that key, and " +
    'gives manager_id and manager_tree as pseudonyms. Over filtered members, these rules apply to the cells they ' +
    'form: none gives an empty list, fewer than the minimum one null row with every figure null.',
  scope: REPORTS_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    by: param.requiredChoice(DIMENSIONS, 'The dimension the members are grouped by.'),
    ...createdWindow('attacks created and email reports made'),
    ...DRILL_DOWN_PARAMETERS,
  },
  peopleParameters: DRILL_DOWN_PEOPLE,
  limits: LIST_LIMITS,
  item: 'BreakdownCell',
  rows: REPORT_SQL.breakdownPage,
  check: checkCreatedWindow,
  aggregate: aggregateBreakdownPage,
  // Over filtered members, the cells are counted at request.
  counted: (values) =>
    drillingDown(values)
      ? (from, position, limit, dialect, kept, listed) =>
          drilledBreakdownPage(from, values, position, limit, dialect, kept, listed)
      : undefined,
  // By manager, a row's key is a person: a pseudonymous key sees their pseudonym, and no name.
  people: { walk: (values) => (values.by === 'manager' ? MANAGER_CELL : undefined) },
  pseudonymousOrder: (values) => (values.by === 'manager' ? REPORT_SQL.breakdownByPseudonym : undefined),
})

const REPEAT_OFFENDERS = defineList({
  operationId: 'listRepeatOffenders',
  path: '/v1/reports/repeat_offenders',
  summary: 'List the members tricked again and again',
  description:
    `The members tricked in at least min_tricked attacks (sent) created in the window. ${EMPLOYEES_ORDER} ` +
    `${MEMBERS} ${DRILLED} attacks_count counts their attacks with sent_at set created in the window; tricked_count and ` +
    'reported_count those of them that tricked them and that they reported.',
  scope: REPORTS_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    min_tricked: param.integerBetween(
      1,
      MAX_TRICKED,
      2,
      'Keeps the members tricked in at least this many attacks.',
    ),
    ...createdWindow('attacks created'),
    ...DRILL_DOWN_PARAMETERS,
  },
  peopleParameters: DRILL_DOWN_PEOPLE,
  limits: LIST_LIMITS,
  item: 'RepeatOffender',
  rows: REPORT_SQL.offendersPage,
  check: checkCreatedWindow,
})

const SIMULATION_COVERAGE = defineList({
  operationId: 'listSimulationCoverage',
  path: '/v1/reports/simulation_coverage',
  summary: 'List every member with the simulated phishing they received',
  description:
    `Every member with their attacks (sent) created in the window. ${EMPLOYEES_ORDER} ${MEMBERS} ${DRILLED} attacked=false ` +
    'keeps the members never simulated in the window (attacks_count 0), attacked=true the others.',
  scope: REPORTS_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    attacked: param.boolean('Keeps the members with attacks in the window (true) or without (false).'),
    ...createdWindow('attacks created'),
    ...DRILL_DOWN_PARAMETERS,
  },
  peopleParameters: DRILL_DOWN_PEOPLE,
  limits: LIST_LIMITS,
  item: 'SimulationCoverage',
  rows: REPORT_SQL.simulationPage,
  check: checkCreatedWindow,
})

const TRAINING_COVERAGE = defineList({
  operationId: 'listTrainingCoverage',
  path: '/v1/reports/training_coverage',
  summary: 'List every member with their awareness training',
  description:
    `Every member with their course progress entries counted by status (an entry without a status is not ` +
    `started). ${EMPLOYEES_ORDER} ${MEMBERS} ${DRILLED} missed=true keeps the members with a missed entry, false ` +
    'the others.',
  scope: REPORTS_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    missed: param.boolean('Keeps the members with at least one missed entry (true) or without (false).'),
    ...DRILL_DOWN_PARAMETERS,
  },
  peopleParameters: DRILL_DOWN_PEOPLE,
  limits: LIST_LIMITS,
  item: 'TrainingCoverage',
  rows: REPORT_SQL.trainingPage,
})

/** GET /v1/reports/breakdown, repeat_offenders, simulation_coverage and training_coverage. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, BREAKDOWN)
  listRoute(app, REPEAT_OFFENDERS)
  listRoute(app, SIMULATION_COVERAGE)
  listRoute(app, TRAINING_COVERAGE)
}
