// Builds the Fastify application. Routes are added in later layers.

import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from '../config/config.js'
import type { DatabaseHandle } from '../db/connection.js'

export interface AppOptions {
  config: Config
  database: DatabaseHandle
  logger?: boolean
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: options.config.logLevel } : false,
    maxParamLength: 200,
  })
  app.get('/healthz', async () => ({ status: 'ok' }))
  return app
}
