// The Postman collection (postman/awareness-api.postman_collection.json), generated from the OpenAPI
// document: one request per operation, in the document's order, the key as a collection variable,
// each list walked through its Link rel="next" by a script, and the ids later requests need taken
// from the answers of earlier ones (organization → workspaceId, employees → employeeId, …).

type Parameter = {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: { enum?: string[] }
}
type Operation = {
  operationId: string
  summary: string
  description: string
  tags: string[]
  parameters: Parameter[]
}
type Document = {
  info: { title: string; description: string; version: string }
  paths: Record<string, { get: Operation }>
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

/**
 * The collection variables: the workspace's, and one per path id (`{breach_id}` → `breachId`), each
 * filled, while empty, from the first item of the list its path sits under (`/v1/breaches`).
 */
function variablesOf(document: Document) {
  const variableOf: Record<string, string> = { workspace_id: 'workspaceId' }
  const supplies: Record<string, [variable: string, expression: string]> = {
    getOrganization: ['workspaceId', 'body.data.workspaces[0] && body.data.workspaces[0].id'],
  }
  for (const path of Object.keys(document.paths)) {
    const match = /^(\/v1\/[\w-]+)\/\{(\w+_id)\}/.exec(path)
    if (!match) continue
    const [, list, name] = match as unknown as [string, string, string]
    variableOf[name] = camel(name)
    const operation = document.paths[list]?.get
    if (operation) supplies[operation.operationId] = [camel(name), 'body.data[0] && body.data[0].id']
  }
  return { variableOf, supplies }
}

const script = (type: 'prerequest' | 'test', lines: string[]) => ({
  listen: type,
  script: { type: 'text/javascript', exec: lines },
})

function requestOf(
  path: string,
  operation: Operation,
  { variableOf: VARIABLE_OF, supplies: SUPPLIES }: ReturnType<typeof variablesOf>,
) {
  const paged = operation.parameters.some((p) => p.name === 'x-item-limit')
  const nextVariable = `next.${operation.operationId}`
  const pagesVariable = `pages.${operation.operationId}`
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, (_, name: string) => `{{${VARIABLE_OF[name] ?? name}}}`))
  const query = operation.parameters
    .filter((p) => p.in === 'query')
    .map((p) => ({
      key: p.name,
      // A required choice (a breakdown's `by`) takes its first value.
      value:
        p.name in VARIABLE_OF ? `{{${VARIABLE_OF[p.name]}}}` : p.required ? (p.schema?.enum?.[0] ?? '') : '',
      description: p.description ?? '',
      ...(p.required ? {} : { disabled: true }),
    }))
  const enabled = query.filter((q) => !q.disabled)
  const raw = `{{baseUrl}}/${segments.join('/')}${enabled.length ? `?${enabled.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`
  const tests = [
    "pm.test('answers 200', () => pm.response.to.have.status(200))",
    'const body = pm.response.code === 200 ? pm.response.json() : null',
  ]
  if (paged)
    tests.push(
      '// Walk the list through its Link rel="next" (RFC 8288), up to maxPages pages, then go on.',
      "const link = /<([^>]*)>;\\s*rel=\"next\"/.exec(pm.response.headers.get('Link') || '')",
      `const pages = Number(pm.collectionVariables.get('${pagesVariable}') || 0) + 1`,
      "if (link && pages < Number(pm.variables.get('maxPages') || 5)) {",
      `  pm.collectionVariables.set('${nextVariable}', link[1])`,
      `  pm.collectionVariables.set('${pagesVariable}', pages)`,
      '  postman.setNextRequest(pm.info.requestId)',
      '} else {',
      `  pm.collectionVariables.unset('${nextVariable}')`,
      `  pm.collectionVariables.unset('${pagesVariable}')`,
      '}',
    )
  const supplies = SUPPLIES[operation.operationId]
  if (supplies) {
    const [variable, expression] = supplies
    tests.push(
      `if (body && !pm.collectionVariables.get('${variable}') && (${expression})) pm.collectionVariables.set('${variable}', ${expression})`,
    )
  }
  const events = [script('test', tests)]
  if (paged)
    events.unshift(
      script('prerequest', [
        `const next = pm.collectionVariables.get('${nextVariable}')`,
        'if (next) pm.request.url.update(next)',
      ]),
    )
  return {
    name: operation.summary,
    event: events,
    request: {
      method: 'GET',
      header: paged
        ? [{ key: 'x-item-limit', value: '50', description: 'Items per page.', disabled: true }]
        : [],
      url: { raw, host: ['{{baseUrl}}'], path: segments, ...(query.length ? { query } : {}) },
      description: operation.description,
    },
    response: [],
  }
}

/** The collection, formatted as committed. */
export function generatePostmanCollection(documentText: string): string {
  const document = JSON.parse(documentText) as Document
  const variables = variablesOf(document)
  const folders = new Map<string, unknown[]>()
  for (const [path, item] of Object.entries(document.paths)) {
    const tag = item.get.tags[0] ?? 'API'
    if (!folders.has(tag)) folders.set(tag, [])
    folders.get(tag)?.push(requestOf(path, item.get, variables))
  }
  const ids = Object.values(variables.variableOf)
  const collection = {
    info: {
      name: document.info.title,
      description: `${document.info.description}\n\nSet \`baseUrl\` and \`apiKey\` (collection variables), then run the collection: the organization's first workspace, and the first item of each list, fill ${ids.map((v) => `\`${v}\``).join(', ')} unless you set them. Each list request walks its list through the \`Link\` header (rel="next"), up to \`maxPages\` pages (default 5). Generated from openapi.json (version ${document.info.version}) by \`npm run openapi\`.`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'x-api-key', type: 'string' },
        { key: 'value', value: '{{apiKey}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      { key: 'baseUrl', value: 'http://127.0.0.1:3000' },
      { key: 'apiKey', value: '' },
      ...ids.map((key) => ({ key, value: '' })),
      { key: 'maxPages', value: '5' },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  }
  return `${JSON.stringify(collection, null, 2)}\n`
}
