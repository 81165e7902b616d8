// Every error code of the engine with its status and title (CONTRACT 8), in one place; a resource
// declares the not-found codes of its own ids (NotFound). Routes throw ApiError; the error handler
// (plugins/responses.ts) turns it into the JSON:API error body, and protocol-level failures that
// never reach Fastify are answered from the same body (raw-answers.ts).

export const ERROR_CODES = {
  malformed_request: { status: 400, title: 'Malformed request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  workspace_not_found: { status: 404, title: 'Workspace not found' },
  endpoint_not_found: { status: 404, title: 'Endpoint not found' },
  snapshot_not_found: { status: 404, title: 'Snapshot not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  invalid_parameter: { status: 422, title: 'Invalid parameter' },
  invalid_cursor: { status: 422, title: 'Invalid cursor' },
  event_expired: { status: 410, title: 'Event expired' },
  uri_too_long: { status: 414, title: 'URI too long' },
  too_many_requests: { status: 429, title: 'Too many requests' },
  request_header_too_large: { status: 431, title: 'Request header fields too large' },
  internal_error: { status: 500, title: 'Internal error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const

export type ErrorCode = keyof typeof ERROR_CODES

/** The 404 of an id a resource serves, declared by that resource (one answer for unknown and foreign ids). */
export interface NotFound {
  /** The path or query parameter carrying the id. */
  parameter: string
  code: `${string}_not_found`
  title: string
  detail: string
  /** What a 404 of it means, for the document; absent: the id is unknown or out of the key's reach. */
  meaning?: string
}

/** A code and what it stands for: the engine's (ERROR_CODES) or a resource's not-found code. */
export interface ErrorKind {
  code: string
  status: number
  title: string
}

export const errorKind = (code: ErrorCode): ErrorKind => ({ code, ...ERROR_CODES[code] })
export const notFoundKind = (n: NotFound): ErrorKind => ({ code: n.code, status: 404, title: n.title })

/**
 * Every code an answer may carry, in the document's order: the engine's, with the resources'
 * not-found codes after the workspace's.
 */
export function errorCodes(notFound: readonly NotFound[]): string[] {
  const engine = Object.keys(ERROR_CODES)
  const at = engine.indexOf('workspace_not_found') + 1
  return [...engine.slice(0, at), ...notFound.map((n) => n.code), ...engine.slice(at)]
}

/** Where the culprit is: a query or path parameter, a header, or a JSON pointer; {} when none. */
export type ErrorSource =
  | { parameter: string }
  | { header: string }
  | { pointer: string }
  | Record<string, never>

export interface ErrorDetail {
  detail: string
  source?: ErrorSource
}

export class ApiError extends Error {
  readonly code: string
  readonly status: number
  readonly title: string
  constructor(
    kind: ErrorCode | ErrorKind,
    readonly details: readonly ErrorDetail[],
    /** Response headers that belong to this error (Allow, Retry-After, WWW-Authenticate). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(details.map((d) => d.detail).join('; '))
    const { code, status, title } = typeof kind === 'string' ? errorKind(kind) : kind
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.title = title
  }
}

/** Shorthand for an error with one detail. */
export function apiError(
  code: ErrorCode | ErrorKind,
  detail: string,
  source: ErrorSource = {},
  headers: Record<string, string> = {},
): ApiError {
  return new ApiError(code, [{ detail, source }], headers)
}

/** At most this many entries in one error body; `meta.more_errors` says when there were more. */
export const MAX_ERROR_ENTRIES = 10

export interface ErrorBody {
  errors: { status: string; code: string; title: string; detail: string; source: ErrorSource }[]
  meta: { request_id: string; more_errors?: true }
}

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  const { title } = error
  const body: ErrorBody = {
    errors: error.details.slice(0, MAX_ERROR_ENTRIES).map((d) => ({
      status: String(error.status),
      code: error.code,
      title,
      detail: d.detail,
      source: d.source ?? {},
    })),
    meta: { request_id: requestId },
  }
  if (error.details.length > MAX_ERROR_ENTRIES) body.meta.more_errors = true
  return body
}

const MAX_ECHO = 100

/** A client's text (a parameter name, a path) shortened for an error detail: never a long echo. */
export function echo(text: string): string {
  return text.length <= MAX_ECHO ? text : `${text.slice(0, MAX_ECHO)}…`
}

// The errors whose wording is fixed by the contract: identical whatever the cause.
export const UNAUTHORIZED = () =>
  apiError(
    'unauthorized',
    'A valid API key is required in the x-api-key header.',
    { header: 'x-api-key' },
    {
      'www-authenticate': 'ApiKey header="x-api-key"',
    },
  )
/** The answer to an id that is unknown or out of the key's reach. */
export const notFound = (n: NotFound) => apiError(notFoundKind(n), n.detail, { parameter: n.parameter })

/** The one id every resource shares. */
export const WORKSPACE_ID: NotFound = {
  parameter: 'workspace_id',
  code: 'workspace_not_found',
  title: ERROR_CODES.workspace_not_found.title,
  detail: 'No workspace with this id is available to this key.',
}
export const WORKSPACE_NOT_FOUND = () => notFound(WORKSPACE_ID)
