// The disclosure record's door (CONTRACT 20): once an answer to a key is sent, whom it carried (set
// by its route, privacy/carried.ts) is counted for that key, under the route's operation; an
// aggregate key's answer carries nobody, and its question is counted with its parameters instead.
// Only a 200 to a GET leaves with data: a 304, a HEAD and every error carry nobody.

import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Recipient } from '../../disclosures/record.js'
import '../../routing/context.js'

/** The operation as the record names it: `GET /v1/employees/{employee_id}`. */
export const operationOf = (request: FastifyRequest): string =>
  `GET ${(request.routeOptions.url ?? '').replace(/:(\w+)/g, '{$1}')}`

const recipientOf = (request: FastifyRequest): Recipient => ({
  organizationId: request.key.organizationId,
  kind: 'key',
  id: request.key.id,
  name: request.key.name,
  privacy: request.key.privacy,
})

export const disclosures = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('carried', null)
    app.addHook('onResponse', async (request, reply) => {
      if (request.key === null || request.method !== 'GET' || reply.statusCode !== 200) return
      const record = app.api.disclosures
      if (request.key.privacy === 'aggregate') {
        // As asked: a parameter given once by its value, one repeated by the list of its values.
        const parameters = Object.fromEntries(
          Object.entries({
            ...(request.params as Record<string, unknown>),
            ...(request.query as Record<string, unknown>),
          }).map(([name, value]) => [name, Array.isArray(value) && value.length === 1 ? value[0] : value]),
        )
        record.asked(recipientOf(request), operationOf(request), parameters)
        return
      }
      const carried = request.carried
      if (carried === null) {
        // A route that names people and answered without saying whom: a fault of the route, which
        // the tests of every operation catch; told rather than recorded as nobody.
        if (request.routeOptions.config.people === 'walked')
          request.log.error({ operation: operationOf(request) }, 'an answer left without its people counted')
        return
      }
      record.carried(recipientOf(request), operationOf(request), carried)
    })
  },
  { name: 'disclosures', dependencies: ['authentication'] },
)
