import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { apiError, notFound } from '../../errors.js'
import { stateTwin } from '../../history/twins.js'
import { LIST_LIMITS } from '../../paging/paging.js'
import { peopleOf } from '../../privacy/people.js'
import { present, readerOf } from '../../privacy/present.js'
import { notModified } from '../../routing/conditional.js'
import { itemRoute } from '../../routing/item.js'
import { defineList, listRoute } from '../../routing/list.js'
import { keyRowsOf, readItemRequest, sendItem } from '../../routing/operation.js'
import { param, parameters } from '../../routing/parameters.js'
import { dataOf, ref, registeredSchema, workspaceId } from '../../routing/schemas.js'
import { DRILL_DOWN_PARAMETERS, DRILL_DOWN_PEOPLE } from '../drill-down.js'
import { EMPLOYEE_NOT_FOUND, KarmaPoint } from './schema.js'
import { WORKSPACE_READ } from './scopes.js'
import { EMPLOYEE_SQL } from './sql.js'
import { EMPLOYEE_STATISTICS } from './statistics.js'
import { EMPLOYEE_STATUSES } from './values.js'

const LIST_EMPLOYEES = defineList({
  operationId: 'listEmployees',
  path: '/v1/employees',
  summary: 'List the employees of a workspace',
  description:
    'Newest first: created_at descending, then id descending. The filters apply to every status and all given must ' +
    'hold; a department, country, group or manager that matches nobody (unknown, or of another workspace) gives an ' +
    'empty list.',
  scope: WORKSPACE_READ.scope,
  parameters: {
    workspace_id: workspaceId,
    status: param.enumList(EMPLOYEE_STATUSES, 'Keeps only employees with one of these statuses.'),
    karma_score_gte: param.nonNegativeInteger(
      'Keeps employees whose karma score is at least this (no karma: never).',
    ),
    karma_score_lte: param.nonNegativeInteger(
      'Keeps employees whose karma score is at most this (no karma: never).',
    ),
    ...DRILL_DOWN_PARAMETERS,
  },
  peopleParameters: DRILL_DOWN_PEOPLE,
  limits: LIST_LIMITS,
  item: 'Employee',
  rows: EMPLOYEE_SQL.listPage,
  pseudonymousRows: EMPLOYEE_SQL.pseudonymousListPage,
  check({ karma_score_gte: gte, karma_score_lte: lte }) {
    if (gte !== undefined && lte !== undefined && gte > lte) {
      throw apiError('invalid_parameter', 'karma_score_gte must not be greater than karma_score_lte', {
        parameter: 'karma_score_gte',
      })
    }
  },
})

const path = parameters({ employee_id: param.uuid('The employee to retrieve.') })

const KARMA_HISTORY = stateTwin({
  operationId: 'getEmployeeKarmaHistory',
  path: '/v1/employees/:employee_id/karma_history',
  summary: "An employee's karma over time",
  description:
    "Each point: the employee's karma as the last import whose as_of is before the end of the period kept it; " +
    'score and security_level null before the employee appeared, and while they had no karma. An employee of ' +
    'another workspace is a 404, like an unknown one.',
  scope: WORKSPACE_READ.scope,
  parameters: { employee_id: param.uuid('The employee.') },
  people: ['employee_id'],
  point: KarmaPoint,
  async reach(from, { employee_id }) {
    if (!(await EMPLOYEE_SQL.inWorkspace(from, employee_id))) throw notFound(EMPLOYEE_NOT_FOUND)
  },
  kept: (from, { employee_id }, first, end) => EMPLOYEE_SQL.karmaKept(from, employee_id, first, end),
})

/**
 * GET /v1/employees, /v1/employees/statistics, /v1/employees/:employee_id and the history of the
 * statistics and of an employee's karma.
 */
export async function employeeRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, LIST_EMPLOYEES)
  itemRoute(app, EMPLOYEE_STATISTICS.operation)
  itemRoute(app, EMPLOYEE_STATISTICS.history)
  itemRoute(app, KARMA_HISTORY)

  const people = peopleOf(ref('Employee'), registeredSchema(app))
  app.get(
    '/v1/employees/:employee_id',
    {
      config: { scope: WORKSPACE_READ.scope, people: 'walked' },
      schema: {
        operationId: 'getEmployee',
        summary: 'Get one employee',
        description: `An employee of any workspace the key reaches. Unknown ids and ids the key cannot reach are the same 404. Scope: ${WORKSPACE_READ.scope}.`,
        params: Type.Object({ employee_id: Type.String({ format: 'uuid' }) }),
        querystring: parameters({}).schema,
        response: { 200: dataOf(ref('Employee')) },
      },
    },
    async (request, reply) => {
      const { employee_id } = readItemRequest(request, path)
      const key = keyRowsOf(request)
      // A pseudonymous key names an employee by their pseudonym and reads them as the import
      // rendered them for such a key (CONTRACT 19): a real id is unknown.
      const json =
        request.key.privacy === 'pseudonymous'
          ? await EMPLOYEE_SQL.findPseudonymous(key, employee_id)
          : await EMPLOYEE_SQL.find(key, employee_id)
      if (json === null) throw notFound(EMPLOYEE_NOT_FOUND)
      if (await notModified(request, reply)) return reply
      const { privacy } = request.key
      const reader = readerOf(privacy, { rendered: privacy === 'pseudonymous' })
      request.carried = (await present(reader, people, () => JSON.parse(json))).carried
      return sendItem(reply, json)
    },
  )
}
