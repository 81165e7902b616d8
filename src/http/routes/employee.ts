import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { findEmployee } from '../../queries/employees.js'
import { EMPLOYEE_NOT_FOUND } from '../errors.js'
import { readItemRequest, sendItem } from '../operation.js'
import { param, parameters } from '../params/parameters.js'
import { notModified } from '../plugins/conditional.js'
import { dataOf, ref } from './shared.js'

const path = parameters({ employee_id: param.uuid('The employee to retrieve.') })

export async function employeeRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/employees/:employee_id',
    {
      config: { scope: 'workspace:read' },
      schema: {
        operationId: 'getEmployee',
        summary: 'Get one employee',
        description:
          'An employee of any workspace the key reaches. Unknown ids and ids the key cannot reach are the same 404. Scope: workspace:read.',
        tags: ['Employees'],
        params: Type.Object({ employee_id: Type.String({ format: 'uuid' }) }),
        querystring: parameters({}).schema,
        response: { 200: dataOf(ref('Employee')) },
      },
    },
    async (request, reply) => {
      const { employee_id } = readItemRequest(request, path)
      const json = await findEmployee(app.api.db, request.key, employee_id)
      if (json === null) throw EMPLOYEE_NOT_FOUND()
      if (await notModified(request, reply)) return reply
      return sendItem(reply, json)
    },
  )
}
