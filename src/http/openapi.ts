// The OpenAPI 3.1 document. Routes declare their parameters and success bodies with the same
// schemas that validate and serialize; @fastify/swagger turns them into paths, and this module adds
// what every operation shares (the key, response headers, the error responses, examples), deriving
// each operation's particulars from its declared parameters.

import { PRIVACIES, type Privacy } from '../domain/privacy.js'
import { SCOPES } from '../domain/scopes.js'
import {
  type ErrorCode,
  type ErrorKind,
  errorKind,
  type NotFound,
  notFoundKind,
  WORKSPACE_ID,
} from '../errors.js'
import { AS_OF_NOT_FOUND } from '../history/read.js'
import { NOT_FOUND as RESOURCE_NOT_FOUND, RESOURCES } from '../resources/index.js'
import type { Resource } from '../resources/resource.js'
import { errorExample } from './openapi-errors.js'
import { documentWebhooks, WEBHOOK_PARAMETERS, WEBHOOKS_TAG } from './openapi-webhooks.js'

const EXAMPLES: Record<string, unknown> = Object.assign({}, ...RESOURCES.map((r) => r.examples))
const CLIENT_SAMPLES: Record<string, string> = Object.assign({}, ...RESOURCES.map((r) => r.clientSamples))

/** The package name of the typed client (packages/client), as integrators install it. */
export const CLIENT_PACKAGE = '@awareness-api/client'

/** A whole script calling `operationId` through the typed client. */
export function clientSample(operationId: string): string | undefined {
  const body = CLIENT_SAMPLES[operationId]
  if (body === undefined) return undefined
  return `import { AwarenessClient } from '${CLIENT_PACKAGE}'

// The key is read from AWARENESS_API_KEY unless given as apiKey.
const client = new AwarenessClient({ baseUrl: 'http://localhost:3000' })

${body}
`
}

export const API_VERSION = '1.0.0'

/** `a, b, and c` (`a` alone, `a and b`). */
const inWords = (items: readonly string[]) =>
  items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`

/** Each scope the resources declare, with what it reads: `` `workspace:read` (organization, employees) ``. */
const SCOPE_LIST = SCOPES.map((scope) => {
  const reads = (RESOURCES as readonly Resource[]).flatMap((r) => r.scopes.filter((u) => u.scope === scope))
  return `\`${scope}\` (${reads.map((u) => u.reads).join(', ')})`
}).join(', ')

const DESCRIPTION = `Read-only access to a security-awareness platform's data: ${inWords((RESOURCES as readonly Resource[]).map((r) => r.about))}. Every operation is \`GET\` (and \`HEAD\`).

**Authentication.** Every operation needs an API key in the \`x-api-key\` header (never in the query string).
A key belongs to one organization (optionally one of its workspaces) and carries scopes: ${SCOPE_LIST}. Ids of another
organization answer exactly like ids that exist nowhere. Each operation names its scope (\`x-required-scope\`) and
the privacies of the keys that may call it (\`x-key-privacies\`): an aggregate-only key gets 403 \`forbidden\` elsewhere.

**Paging.** Lists answer one page at a time. \`x-item-limit\` sets the page size (each list gives its range;
anything else is a 422, never clamped). The \`x-next-cursor\` response header is present when more items follow
and absent on the last page; send it back unchanged as the \`x-next-cursor\` request header. For generic
paginators, the same two travel as the query parameters \`limit\` and \`cursor\` (a header and its parameter
together are a 422), and a page with more items carries \`Link: <next page URL>; rel="next"\` (RFC 8288): follow
it until a page has none. Its URL starts with the server's configured public URL (else the request's \`Host\`), and
repeats the request's query in its shortest form (a list's values joined by commas) with the cursor; a next page
whose URL would exceed 8 KiB has \`x-next-cursor\` only. Cursors are signed
and bound to the operation, its path id, \`workspace_id\`, the filters and the key's organization. Paging is keyset:
a walk returns every item exactly once, in a stable order (newest first, ties broken by id; the events feed is
the one list oldest first).

**Values.** Every listed field is always present, \`null\` where unknown. Ids are lower-case UUIDs; timestamps are
UTC with six fractional digits. Query parameters are strict: an unknown or repeated parameter is a 422, except a
list parameter (\`status\`), which may be comma-separated or repeated (\`status=a,b\` or \`status=a&status=b\`, the
same list; a cursor issued for one spelling serves the other).

**Errors.** Every error is \`{"errors":[{status, code, title, detail, source}], "meta":{"request_id"}}\`; \`source\`
names the culprit (\`parameter\`, \`header\` or \`pointer\`), several problems give several entries (at most 10, then
\`meta.more_errors: true\`). Other paths answer 404 \`endpoint_not_found\`; on every path that exists (each operation,
\`/\`, \`/healthz\`, \`/readyz\`, \`/metrics\`, \`/docs\`, this document), methods other than GET and HEAD (\`CONNECT\`
included, and every method token HTTP parsers accept, such as \`QUERY\` or \`PROPFIND\`) answer 405
\`method_not_allowed\` with \`Allow: GET, HEAD\`. Whatever the failure, the answer has this shape: a malformed
request (no \`Host\` or two of them, bad bytes, an unknown method token) is 400 \`malformed_request\`, headers or a
body that do not arrive within 30 s are 408 \`request_timeout\`, a request target over 8 KiB is 414
\`uri_too_long\`, headers over 16 KiB are 431 \`request_header_too_large\`.

**Limits.** Each key has a request budget per fixed window (by default 600 per 60 s), announced on every
authenticated answer by \`RateLimit-Policy\` and \`RateLimit\`; past it, 429 with \`Retry-After\`. An address that
fails authentication too often is refused (429) for the rest of the window. A request not answered within the
server's deadline (5 s by default: the database is slow or unreachable), or that arrives while the server is
overloaded, is answered 503 \`service_unavailable\` at once, with \`Retry-After\`: retry after that delay.

**Caching.** Successes carry a weak \`ETag\`; \`If-None-Match\` with it answers 304 without a body, and without
using the key's budget. A conditional request is judged only after every check an unconditional one must pass: a
request that would get 401, 403, 404 or 422 gets exactly that. An ETag changes only when the data behind the
answer may have changed (an import into the key's own organization). Bodies are compressed (brotli, gzip) when
accepted.`

type Schema = Record<string, unknown>
type Operation = {
  operationId: string
  parameters?: { name: string; in: string; [k: string]: unknown }[]
  responses: Record<string, Schema>
  [k: string]: unknown
}

const header = (description: string, schema: Schema = { type: 'string' }, required = false) => ({
  description,
  schema,
  // Generated clients type a header as always there only when it is marked required.
  ...(required ? { required: true } : {}),
})

const HEADERS = {
  RequestId: header(
    "The request id: the client's own `x-request-id` when sane, else a new UUID. Also in error bodies and logs.",
    { type: 'string' },
    true,
  ),
  ETag: header(
    'A weak entity tag of this answer; send it in If-None-Match to get 304 while nothing changed.',
    { type: 'string' },
    true,
  ),
  RateLimitPolicy: header('The key\'s budget: `"default";q=<requests>;w=<window seconds>`.'),
  RateLimit: header('What is left of it: `"default";r=<requests left>;t=<seconds until the window ends>`.'),
  RetryAfter: header('Seconds to wait before trying again.', { type: 'integer', minimum: 1 }),
  KeyPrivacy: header(
    "The key's privacy (CONTRACT 19): identified, pseudonymous or aggregate; on every answer to a valid key.",
    { type: 'string', enum: [...PRIVACIES] },
  ),
  Link: header(
    'Present when more items follow: `<URL of the next page>; rel="next"`, this request with `cursor` set (RFC 8288).',
  ),
  NextCursor: header(
    'Present when more items follow: send it back unchanged as the x-next-cursor request header.',
    {
      type: 'string',
      maxLength: 512,
    },
  ),
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })

const common = {
  'x-request-id': ref('headers', 'RequestId'),
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
  RateLimit: ref('headers', 'RateLimit'),
  'x-key-privacy': ref('headers', 'KeyPrivacy'),
}

/** An answer to an authenticated, admitted request always carries the key's budget. */
const admitted = {
  'x-request-id': ref('headers', 'RequestId'),
  'RateLimit-Policy': { ...HEADERS.RateLimitPolicy, required: true },
  RateLimit: { ...HEADERS.RateLimit, required: true },
  'x-key-privacy': { ...HEADERS.KeyPrivacy, required: true },
}

/** An error response; each example is [code, detail, source?, example name (default: the code)?]. */
function errorResponse(
  description: string,
  examples: [ErrorCode | ErrorKind, string, object?, string?][],
  headers: Schema = {},
) {
  return {
    description,
    headers: { ...common, ...headers },
    content: {
      'application/json': {
        schema: ref('schemas', 'ErrorResponse'),
        examples: Object.fromEntries(
          examples.map(([code, detail, source, name]) => {
            const kind = typeof code === 'string' ? errorKind(code) : code
            return [
              name ?? kind.code,
              { value: errorExample(kind.status, kind.code, kind.title, detail, source) },
            ]
          }),
        ),
      },
    },
  }
}

const RESPONSES = {
  NotModified: {
    description: 'Not modified: the If-None-Match tag is current. No body.',
    headers: { ...admitted, ETag: ref('headers', 'ETag') },
  },
  Unauthorized: errorResponse(
    'unauthorized: the key is missing, malformed, unknown, revoked or expired (one identical answer for all).',
    [['unauthorized', 'A valid API key is required in the x-api-key header.', { header: 'x-api-key' }]],
    { 'WWW-Authenticate': header('`ApiKey header="x-api-key"`') },
  ),
  Forbidden: errorResponse(
    "forbidden: the key lacks the scope of the operation, the workspace is outside a workspace-scoped key, or the client address is outside the key's allow-list (keys create --allow-from).",
    [['forbidden', 'This key lacks the breaches:read scope this operation needs.', { header: 'x-api-key' }]],
  ),
  UnprocessableEntity: errorResponse(
    'invalid_parameter: a parameter or header is missing, malformed, unknown or repeated (one entry each). invalid_cursor: the cursor was altered or issued for another list.',
    [
      ['invalid_parameter', 'x-item-limit must be an integer from 1 to 100', { header: 'x-item-limit' }],
      [
        'invalid_cursor',
        'x-next-cursor must be passed back unchanged from the previous page of this same request',
        { header: 'x-next-cursor' },
      ],
    ],
  ),
  TooManyRequests: errorResponse(
    "too_many_requests: the key's budget for the window is used up, or the address failed authentication too often.",
    [['too_many_requests', 'This key has used its request budget for the current window.']],
    { 'Retry-After': ref('headers', 'RetryAfter') },
  ),
  InternalError: errorResponse('internal_error: a bug on our side; the body holds no internals.', [
    ['internal_error', 'The server failed to answer this request. It has been logged.'],
  ]),
  ServiceUnavailable: errorResponse(
    'service_unavailable: the database cannot be reached or did not answer in time, or the server is overloaded; retry after the given delay.',
    [
      ['service_unavailable', 'The database cannot be reached; retry later.'],
      ['service_unavailable', 'The server is overloaded; retry after the given delay.', {}, 'overloaded'],
    ],
    { 'Retry-After': ref('headers', 'RetryAfter') },
  ),
}

/** The 404 of each id parameter: the workspace's, and those the resources declare. */
const NOT_FOUND: ReadonlyMap<string, NotFound> = new Map(
  [WORKSPACE_ID, AS_OF_NOT_FOUND, ...RESOURCE_NOT_FOUND].map((n) => [n.parameter, n]),
)

/** What a 404 of these codes means, for the document: the ids' together, then each of its own meaning. */
function notFoundDescription(notFound: readonly NotFound[]): string {
  const ids = notFound.filter((n) => n.meaning === undefined).map((n) => n.code)
  return [
    ...(ids.length > 0
      ? [`${ids.join(', ')}: the id is unknown or out of the key's reach (the same answer for both)`]
      : []),
    ...notFound.flatMap((n) => (n.meaning === undefined ? [] : [`${n.code}: ${n.meaning}`])),
  ].join('; ')
}

/** Who may call an operation: the scope it needs, and whether an aggregate-only key may (CONTRACT 19). */
export interface OperationAccess {
  scope: string
  aggregate: boolean
}

/** The privacies of the keys that may call an operation, as the document lists them. */
const keyPrivacies = (access: OperationAccess): readonly Privacy[] =>
  access.aggregate ? PRIVACIES : PRIVACIES.filter((privacy) => privacy !== 'aggregate')

/** Completes the generated document; `access` maps operationId to who may call it. */
export function finalizeDocument(generated: Schema, access: ReadonlyMap<string, OperationAccess>): Schema {
  const doc = structuredClone(generated) as {
    paths: Record<string, Record<string, Operation>>
    components: Record<string, Record<string, unknown>>
    [k: string]: unknown
  }
  for (const item of Object.values(doc.paths)) {
    for (const method of Object.keys(item)) {
      if (method !== 'get') delete item[method]
    }
    const operation = item.get
    if (!operation) continue
    const parameters = operation.parameters ?? []
    const names = new Set(parameters.map((p) => p.name))
    const paged = names.has('x-item-limit')
    for (const p of parameters) {
      if (p.name === 'status' || p.name === 'type') Object.assign(p, { style: 'form', explode: false })
      if (p.in === 'path' || p.name === 'workspace_id') p.required = true
    }
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'An ETag from an earlier answer: 304 without a body while it is current.',
      schema: { type: 'string' },
    })
    operation.parameters = parameters
    const callers = access.get(operation.operationId)
    // Spectral (spectral:oas) allows no role names on apiKey security: the scope goes in x-required-scope.
    operation.security = [{ ApiKey: [] }]
    if (callers) {
      operation['x-required-scope'] = callers.scope
      operation['x-key-privacies'] = keyPrivacies(callers)
    }
    // Shown by the reference page beside the samples it generates (curl, Python, PowerShell).
    const sample = clientSample(operation.operationId)
    if (sample)
      operation['x-codeSamples'] = [{ lang: 'javascript', label: 'JavaScript (client)', source: sample }]

    const ok = operation.responses['200'] as { content: Record<string, Schema> }
    const notFound = [...names].flatMap((n) => NOT_FOUND.get(n) ?? [])
    operation.responses = {
      '200': {
        description: 'OK',
        headers: {
          ...admitted,
          ETag: ref('headers', 'ETag'),
          ...(paged ? { 'x-next-cursor': ref('headers', 'NextCursor'), Link: ref('headers', 'Link') } : {}),
        },
        content: {
          'application/json': {
            schema: (ok.content['application/json'] as Schema).schema,
            examples: { example: { value: EXAMPLES[operation.operationId] } },
          },
        },
      },
      '304': ref('responses', 'NotModified'),
      '401': ref('responses', 'Unauthorized'),
      '403': ref('responses', 'Forbidden'),
      ...(notFound.length > 0
        ? {
            '404': errorResponse(
              `${notFoundDescription(notFound)}.`,
              notFound.map((n) => [notFoundKind(n), n.detail, { parameter: n.parameter }]),
            ),
          }
        : {}),
      '422': ref('responses', 'UnprocessableEntity'),
      ...(names.has('after')
        ? {
            '410': errorResponse(
              'event_expired: after names a position older than the events kept (EVENTS_RETENTION); read the resources again in full.',
              [
                [
                  'event_expired',
                  'This position is older than the events kept: read the resources again in full, then follow the feed from its start.',
                  { parameter: 'after' },
                ],
              ],
            ),
          }
        : {}),
      '429': ref('responses', 'TooManyRequests'),
      '500': ref('responses', 'InternalError'),
      '503': ref('responses', 'ServiceUnavailable'),
    }
  }
  doc.components.headers = HEADERS
  doc.components.responses = RESPONSES
  doc.components.parameters = WEBHOOK_PARAMETERS
  doc.webhooks = documentWebhooks()
  return doc
}

export const SWAGGER_OPTIONS = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Workforce Security Awareness API',
      version: API_VERSION,
      description: DESCRIPTION,
      contact: { name: 'API support', email: 'api-support@example.com' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: [...RESOURCES.map((r: Resource) => r.tag), WEBHOOKS_TAG],
    components: {
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: `A key issued with \`awareness keys create\`. Scopes (listed per operation): ${SCOPES.join(', ')}.`,
        },
      },
    },
  },
  refResolver: {
    // Shared schemas become components named by their $id.
    buildLocalReference: (json: { $id?: string }, _baseUri: unknown, _fragment: unknown, i: number) =>
      json.$id ?? `Schema${i}`,
  },
}
