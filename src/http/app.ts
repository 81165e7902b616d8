// Builds the API: external plugins, then ours (responses, authentication), then the routes.

import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import type { Config } from '../config/config.js'
import type { DatabaseHandle } from '../db/connection.js'
import { cursorSecret } from '../db/state.js'
import { KeyVerifier } from '../keys/verifier.js'
import { ErrorResponse } from '../schemas/errors.js'
import {
  Breach,
  CompromisedEmployee,
  Course,
  Employee,
  EmployeeCourseProgress,
  Organization,
  Statistics,
} from '../schemas/resources.js'
import './context.js'
import { CursorCodec } from './paging.js'
import { parseQueryString } from './params/parameters.js'
import { authentication } from './plugins/authentication.js'
import { requestId, responses } from './plugins/responses.js'
import { breachesRoute } from './routes/breaches.js'
import { compromisedRoute } from './routes/compromised.js'
import { coursesRoute } from './routes/courses.js'
import { employeeRoute } from './routes/employee.js'
import { employeesRoute } from './routes/employees.js'
import { organizationRoute } from './routes/organization.js'
import { progressRoute } from './routes/progress.js'
import { statisticsRoute } from './routes/statistics.js'

export interface AppOptions {
  config: Config
  /** The primary database (key bookkeeping, the cursor secret). */
  database: DatabaseHandle
  /** Where API reads go; the primary when there is no replica. */
  readDatabase?: DatabaseHandle
  logger?: boolean
  /** Called with each route as it is added (tests read the published schemas through it). */
  onRoute?: (route: RouteOptions) => void
}

export const SHARED_SCHEMAS = [
  Employee,
  Course,
  EmployeeCourseProgress,
  Breach,
  CompromisedEmployee,
  Organization,
  Statistics,
  ErrorResponse,
]

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const reads = options.readDatabase ?? database
  const app = Fastify({
    logger: options.logger
      ? {
          level: config.logLevel,
          // The path only: a query string is the client's to send, and could carry anything.
          serializers: { req: (req) => ({ method: req.method, path: req.url.split('?')[0], id: req.id }) },
        }
      : false,
    genReqId: requestId,
    requestIdHeader: false,
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 2048 },
  })
  // Parameters are parsed by our own strict rules (params/parameters.ts); the declared schemas
  // serve the OpenAPI document.
  app.setValidatorCompiler(() => () => true)
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema)

  app.decorate('api', {
    db: reads.db,
    keys: new KeyVerifier(reads.db, database.db),
    cursors: new CursorCodec(await cursorSecret(database.db, config.cursorSecret)),
  })
  await app.register(responses)
  await app.register(authentication)

  app.get('/healthz', async () => ({ status: 'ok' }))
  for (const route of [
    employeesRoute,
    employeeRoute,
    coursesRoute,
    progressRoute,
    statisticsRoute,
    breachesRoute,
    compromisedRoute,
    organizationRoute,
  ]) {
    await app.register(route)
  }
  return app
}
