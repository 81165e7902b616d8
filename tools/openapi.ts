import { loadConfig } from '../src/config/config.js'
import { openDatabase } from '../src/db/connection.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { buildApp } from '../src/http/app.js'

/** The document the server serves at /v1/openapi.json, formatted as committed. */
export async function generateOpenApi(): Promise<string> {
  const database = openDatabase(':memory:')
  await migrateToLatest(database)
  const app = await buildApp({ config: loadConfig({}, { CURSOR_SECRET: 'x'.repeat(32) }), database })
  try {
    const response = await app.inject({ url: '/v1/openapi.json' })
    return `${JSON.stringify(JSON.parse(response.body), null, 2)}\n`
  } finally {
    await app.close()
    await database.close()
  }
}

/** The client package's types (packages/client/src/openapi.ts), generated from the document. */
export async function generateClientTypes(document: string): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript')
  const ast = await openapiTS(JSON.parse(document))
  return `// Generated from openapi.json by \`npm run openapi\` (openapi-typescript); do not edit.\n\n${astToString(ast)}`
}
