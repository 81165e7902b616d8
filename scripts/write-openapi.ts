// Writes what is generated from the app's own schemas and committed: openapi.json at the repository
// root, the client package's types and operations, the Python client's types and operations, the
// Postman collection, docs/export.md's table of CSV columns, docs/privacy.md's table of every field's
// class, and the JSON Schemas of the OCSF classes the events are rendered in. Run:
// npm run openapi. Tests fail when a committed file differs from the generated one.
import { mkdirSync, writeFileSync } from 'node:fs'
import { EVENT_TYPES, EXPORTS, RESOURCES, STAYING_BEHIND } from '../src/resources/index.js'
import type { Resource } from '../src/resources/resource.js'
import {
  formatted,
  generateClientFilters,
  generateClientOperations,
  generateClientSchemas,
} from '../tools/client-operations.js'
import { generateClientReadme } from '../tools/client-readmes.js'
import { generateEventTypes } from '../tools/event-types.js'
import { generateExportDoc } from '../tools/export-doc.js'
import { OCSF_SCHEMAS_PATH, ocsfSchemasText } from '../tools/ocsf-schemas.js'
import { generateClientTypes, generateOpenApi } from '../tools/openapi.js'
import { generatePostmanCollection } from '../tools/postman.js'
import { generatePrivacyDoc } from '../tools/privacy-doc.js'
import { generatePythonClient } from '../tools/python-client.js'
import { generateScopes } from '../tools/scopes.js'

const document = await generateOpenApi()
const outputs: [string, string][] = [
  ['src/domain/scopes.ts', generateScopes(RESOURCES as readonly Resource[], document)],
  ['src/domain/event-types.ts', generateEventTypes(EVENT_TYPES)],
  ['openapi.json', document],
  ['packages/client/src/openapi.ts', await generateClientTypes(document)],
  [
    'packages/client/src/schemas.ts',
    formatted('packages/client/src/schemas.ts', generateClientSchemas(document)),
  ],
  [
    'packages/client/src/filters.ts',
    formatted('packages/client/src/filters.ts', generateClientFilters(document)),
  ],
  [
    'packages/client/src/operations.ts',
    formatted('packages/client/src/operations.ts', generateClientOperations(document)),
  ],
  ['postman/awareness-api.postman_collection.json', generatePostmanCollection(document)],
  ['packages/python/awareness_api/_generated.py', generatePythonClient(document)],
  ['docs/export.md', generateExportDoc(EXPORTS, STAYING_BEHIND)],
  ['docs/privacy.md', generatePrivacyDoc(document)],
  ['packages/client/README.md', generateClientReadme('typescript', document)],
  ['packages/python/README.md', generateClientReadme('python', document)],
]
mkdirSync(new URL('../postman', import.meta.url), { recursive: true })
for (const [path, text] of outputs) {
  writeFileSync(new URL(`../${path}`, import.meta.url), text)
  console.log(`wrote ${path}`)
}
writeFileSync(OCSF_SCHEMAS_PATH, ocsfSchemasText())
console.log('wrote test/fixtures/ocsf/schemas.json')
