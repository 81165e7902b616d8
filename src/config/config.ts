// The one place that reads the environment. Everything else receives a validated Config.

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number
  /** Window length in seconds. */
  windowSeconds: number
}

export interface Traces {
  /** OTEL_SERVICE_NAME; the service's own name when unset. */
  serviceName: string | undefined
}

export interface Config {
  databaseUrl: string
  databaseReadUrl: string | undefined
  databasePoolSize: number
  host: string
  port: number
  cursorSecret: string | undefined
  redisUrl: string | undefined
  rateLimit: RateLimit
  authFailureLimit: RateLimit
  logLevel: LogLevel
  /** Serve /metrics: false (off), 'main' (on the API port) or a port of its own. */
  metrics: false | 'main' | number
  /** Which proxies to believe about the client address (for the per-address limit). */
  trustProxy: boolean | number | string[]
  /** What every absolute URL the server writes starts with (`https://api.example.com`); unset: the Host's. */
  publicUrl: string | undefined
  /** How long a verified key is remembered; bounds how late a revocation takes effect. */
  keyCacheSeconds: number
  /** A request not answered by then gets 503 (the database hung, say). */
  requestTimeoutMs: number
  /** After SIGTERM, how long new connections are still accepted (readiness already fails). */
  shutdownDelayMs: number
  /** After SIGTERM, the process has exited by then. */
  shutdownTimeoutMs: number
  /** An import stops reading past this many decompressed bytes. */
  importMaxBytes: number
  /** The bytes of answers waiting for their readers that the process holds at most (SLOW_READERS_MAX_BYTES). */
  slowReadersMaxBytes: number
  /** Events, and finished webhook deliveries, are kept this long. */
  eventsRetentionMs: number
  /** How long the keys' usage record is kept. */
  keyUsageRetentionMs: number
  /** How far back from an import's as_of its workspaces' history is kept (HISTORY_RETENTION). */
  historyRetentionMs: number
  /** How many days the disclosure record keeps (CONTRACT 20). */
  disclosureRetentionDays: number
  /** This process delivers webhooks (WEBHOOKS=on, the default). */
  webhooks: boolean
  /** Webhook URLs may name loopback, private, link-local or metadata addresses, and use http://. */
  webhookAllowPrivateNetworks: boolean
  /** 32 bytes that encrypt webhook secrets at rest (AES-256-GCM); unset: stored as they are. */
  secretsKey: Buffer | undefined
  /** Traces asked for by the OpenTelemetry SDK's own variables (docs/operations.md); false when not. */
  traces: Traces | false
}

/** Names of the variables this service reads, with what each means (shown by `--help`). */
export const ENVIRONMENT = {
  DATABASE_URL:
    'postgres://… (or postgresql://…), or a SQLite file path or file: URL; default ./data/awareness.db',
  DATABASE_READ_URL: 'optional PostgreSQL replica used for API reads',
  DATABASE_POOL_SIZE: 'PostgreSQL connections per process (default 10)',
  HOST: 'address to listen on (default 127.0.0.1)',
  PORT: 'port to listen on (default 3000)',
  CURSOR_SECRET:
    'secret that signs paging cursors (at least 32 characters); default: generated once and kept in the database',
  REDIS_URL: 'redis://… to share rate-limit counters between processes',
  RATE_LIMIT: 'requests per key and window, e.g. 600/60s (default)',
  AUTH_FAILURE_LIMIT: 'failed authentications per client address and window, e.g. 30/60s (default)',
  LOG_LEVEL: 'fatal, error, warn, info (default), debug, trace or silent',
  METRICS: 'on (default) or off: serve Prometheus metrics at /metrics',
  METRICS_PORT: 'serve /metrics on this port instead of the API port',
  TRUST_PROXY:
    'false (default), true, a hop count, or comma-separated proxy addresses/CIDRs whose X-Forwarded-For is believed',
  PUBLIC_URL:
    "https://api.example.com: what the Link to the next page and other absolute URLs start with (at most 2,048 characters; default: the request's Host)",
  KEY_CACHE_SECONDS:
    'seconds a verified key is remembered, 0 to 30 (default 10): a revocation takes effect within it',
  REQUEST_TIMEOUT: 'a request not answered within it gets 503 service_unavailable (default 5s)',
  SHUTDOWN_DELAY: 'after SIGTERM, how long new connections are still accepted (default 5s; 0s allowed)',
  SHUTDOWN_TIMEOUT: 'after SIGTERM, the process has exited within it (default 15s)',
  IMPORT_MAX_BYTES: 'an import refuses input larger than this once decompressed, e.g. 500MiB (default 20GiB)',
  SLOW_READERS_MAX_BYTES:
    'answers waiting for clients that do not read hold at most this, all connections together (default 64MiB): past it such a connection starts nothing new and the longest stalled are closed',
  EVENTS_RETENTION: 'events and finished webhook deliveries are kept this long, e.g. 7d (default 30d)',
  KEY_USAGE_RETENTION: "the keys' usage record is kept this long, e.g. 30d (default 90d)",
  HISTORY_RETENTION:
    "an import prunes its workspaces' history older than this before its as_of, keeping the last row before that, e.g. 365d (default 1095d)",
  DISCLOSURE_RETENTION_DAYS:
    'days the disclosure record (who received whom) is kept, 1 to 3650 (default 400)',
  WEBHOOKS: 'on (default) or off: this serve process delivers webhooks',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS:
    '1 allows webhook URLs on loopback, private, link-local or metadata addresses, and plain http:// (default 0)',
  SECRETS_KEY:
    '64 hex characters (32 bytes): webhook signing secrets are stored encrypted with it (AES-256-GCM)',
  AWARENESS_API_KEY: 'the API key `awareness export` sends (never a flag: flags show in process lists)',
  AWARENESS_API_URL:
    'the server `awareness export` reads when --url is not given, e.g. http://127.0.0.1:3000',
} as const

export type EnvironmentName = keyof typeof ENVIRONMENT

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable}: ${reason}`)
    this.name = 'ConfigError'
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * Builds the configuration from environment variables, with command-line flags taking precedence.
 * Throws a ConfigError naming the first bad variable.
 * @example loadConfig({ PORT: '8080' }).port // 8080
 */
export function loadConfig(
  overrides: Partial<Record<EnvironmentName, string | undefined>> = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): Config {
  const get = (name: EnvironmentName): string | undefined => {
    const value = overrides[name] ?? env[name]
    return value === undefined || value === '' ? undefined : value
  }
  const databaseUrl = get('DATABASE_URL') ?? './data/awareness.db'
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(databaseUrl)?.[1]?.toLowerCase()
  if (scheme !== undefined && !['postgres', 'postgresql', 'file'].includes(scheme)) {
    throw new ConfigError(
      'DATABASE_URL',
      `${scheme}: is not a database this service uses: give a postgres:// URL, or a SQLite file path or file: URL`,
    )
  }
  if (scheme?.startsWith('postgres') && !isPostgresUrl(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'a PostgreSQL URL starts with postgres:// or postgresql://')
  }
  const databaseReadUrl = get('DATABASE_READ_URL')
  if (databaseReadUrl !== undefined && !isPostgresUrl(databaseReadUrl)) {
    throw new ConfigError('DATABASE_READ_URL', 'must be a postgres:// URL')
  }
  if (databaseReadUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    throw new ConfigError('DATABASE_READ_URL', 'needs DATABASE_URL to be a postgres:// URL too')
  }
  const cursorSecret = get('CURSOR_SECRET')
  if (cursorSecret !== undefined && cursorSecret.length < 32) {
    throw new ConfigError('CURSOR_SECRET', 'must be at least 32 characters')
  }
  const redisUrl = get('REDIS_URL')
  if (redisUrl !== undefined && !/^rediss?:\/\/./.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL')
  }
  const logLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase()
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`)
  }
  const metricsSwitch = (get('METRICS') ?? 'on').toLowerCase()
  if (metricsSwitch !== 'on' && metricsSwitch !== 'off') throw new ConfigError('METRICS', 'must be on or off')
  const metricsPort = get('METRICS_PORT')
  const metrics: Config['metrics'] =
    metricsSwitch === 'off'
      ? false
      : metricsPort === undefined
        ? 'main'
        : integer('METRICS_PORT', metricsPort, 1, 65535)
  const shutdownDelayMs = durationMs('SHUTDOWN_DELAY', get('SHUTDOWN_DELAY') ?? '5s', { zero: true })
  const shutdownTimeoutMs = durationMs('SHUTDOWN_TIMEOUT', get('SHUTDOWN_TIMEOUT') ?? '15s')
  if (shutdownDelayMs >= shutdownTimeoutMs) {
    throw new ConfigError('SHUTDOWN_DELAY', 'must be shorter than SHUTDOWN_TIMEOUT')
  }
  return {
    databaseUrl,
    databaseReadUrl,
    databasePoolSize: integer('DATABASE_POOL_SIZE', get('DATABASE_POOL_SIZE') ?? '10', 1, 1000),
    host: get('HOST') ?? '127.0.0.1',
    port: integer('PORT', get('PORT') ?? '3000', 0, 65535),
    cursorSecret,
    redisUrl,
    rateLimit: parseRateLimitVariable('RATE_LIMIT', get('RATE_LIMIT') ?? '600/60s'),
    authFailureLimit: parseRateLimitVariable('AUTH_FAILURE_LIMIT', get('AUTH_FAILURE_LIMIT') ?? '30/60s'),
    logLevel: logLevel as LogLevel,
    metrics,
    trustProxy: parseTrustProxy(get('TRUST_PROXY') ?? 'false'),
    publicUrl: parsePublicUrl(get('PUBLIC_URL')),
    keyCacheSeconds: integer('KEY_CACHE_SECONDS', get('KEY_CACHE_SECONDS') ?? '10', 0, 30),
    requestTimeoutMs: durationMs('REQUEST_TIMEOUT', get('REQUEST_TIMEOUT') ?? '5s'),
    shutdownDelayMs,
    shutdownTimeoutMs,
    importMaxBytes: size('IMPORT_MAX_BYTES', get('IMPORT_MAX_BYTES') ?? '20GiB'),
    slowReadersMaxBytes: size('SLOW_READERS_MAX_BYTES', get('SLOW_READERS_MAX_BYTES') ?? '64MiB'),
    eventsRetentionMs: retention('EVENTS_RETENTION', get('EVENTS_RETENTION') ?? '30d'),
    keyUsageRetentionMs: retention('KEY_USAGE_RETENTION', get('KEY_USAGE_RETENTION') ?? '90d'),
    historyRetentionMs: retention('HISTORY_RETENTION', get('HISTORY_RETENTION') ?? '1095d'),
    disclosureRetentionDays: integer(
      'DISCLOSURE_RETENTION_DAYS',
      get('DISCLOSURE_RETENTION_DAYS') ?? '400',
      1,
      3650,
    ),
    webhooks: onOff('WEBHOOKS', get('WEBHOOKS') ?? 'on'),
    webhookAllowPrivateNetworks: flag(
      'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
      get('WEBHOOK_ALLOW_PRIVATE_NETWORKS') ?? '0',
    ),
    secretsKey: secretsKey(get('SECRETS_KEY')),
    traces: traces(env),
  }
}

/** Whether the environment asks for traces, read as the OpenTelemetry SDK reads it. */
function traces(env: Readonly<Record<string, string | undefined>>): Traces | false {
  if (env.OTEL_SDK_DISABLED === 'true') return false
  const exporter = env.OTEL_TRACES_EXPORTER
  const wanted =
    exporter !== undefined && exporter !== ''
      ? exporter !== 'none'
      : Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  return wanted ? { serviceName: env.OTEL_SERVICE_NAME || undefined } : false
}

function retention(variable: string, value: string): number {
  const seconds = parseDuration(value)
  if (seconds === null) throw new ConfigError(variable, 'must be a duration such as 30d, 12h or 15m')
  return seconds * 1000
}

function onOff(variable: string, value: string): boolean {
  const v = value.toLowerCase()
  if (v !== 'on' && v !== 'off') throw new ConfigError(variable, 'must be on or off')
  return v === 'on'
}

function flag(variable: string, value: string): boolean {
  if (value !== '0' && value !== '1') throw new ConfigError(variable, 'must be 0 or 1')
  return value === '1'
}

function secretsKey(value: string | undefined): Buffer | undefined {
  if (value === undefined) return undefined
  if (!/^[0-9a-fA-F]{64}$/.test(value))
    throw new ConfigError('SECRETS_KEY', 'must be 64 hex characters (32 bytes)')
  return Buffer.from(value, 'hex')
}

function durationMs(variable: string, value: string, options: { zero?: boolean } = {}): number {
  if (options.zero && /^0[smh]$/.test(value)) return 0
  const seconds = parseDuration(value, 'smh')
  if (seconds === null) {
    throw new ConfigError(
      variable,
      `must be a duration such as 5s, 2m or 1h${options.zero ? ' (0s allowed)' : ''}`,
    )
  }
  return seconds * 1000
}

const SIZE_UNITS = { '': 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 } as const

/**
 * Parses a size in bytes, or with KiB, MiB, GiB or TiB, e.g. `500MiB`; null when it is not one.
 * @example parseSize('20GiB') // 21474836480
 */
export function parseSize(value: string): number | null {
  const m = /^(\d{1,15})(KiB|MiB|GiB|TiB)?$/.exec(value)
  if (!m) return null
  const bytes = Number(m[1]) * SIZE_UNITS[(m[2] ?? '') as keyof typeof SIZE_UNITS]
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : null
}

function size(variable: string, value: string): number {
  const bytes = parseSize(value)
  if (bytes === null)
    throw new ConfigError(variable, 'must be a size in bytes, or with KiB, MiB, GiB or TiB (e.g. 500MiB)')
  return bytes
}

const MAX_PUBLIC_URL = 2048

/** An http(s) origin with an optional path prefix, without a trailing slash, query or credentials. */
function parsePublicUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  // Every Link and absolute URL starts with it: it must leave room for the request's own query.
  if (value.length > MAX_PUBLIC_URL)
    throw new ConfigError(
      'PUBLIC_URL',
      `must be at most ${MAX_PUBLIC_URL} characters (it has ${value.length})`,
    )
  const problem =
    'must be an http:// or https:// URL with a host, and no query, fragment or credentials (e.g. https://api.example.com)'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError('PUBLIC_URL', problem)
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    url.hostname === '' ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    /[?#]/.test(value)
  )
    throw new ConfigError('PUBLIC_URL', problem)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false') return false
  if (value === 'true') return true
  if (/^\d{1,2}$/.test(value)) return Number(value)
  const list = value.split(',').map((v) => v.trim())
  if (list.every((v) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(v))) return list
  throw new ConfigError('TRUST_PROXY', 'must be false, true, a hop count, or comma-separated addresses/CIDRs')
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url)
}

function integer(variable: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(variable, `must be an integer from ${min} to ${max}`)
  }
  return Number(value)
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const

/**
 * Parses a duration such as `90d`, `12h`, `30m` or `45s` into seconds, or returns null.
 * @example parseDuration('90d') // 7776000
 */
export function parseDuration(value: string, units: string = 'smhd'): number | null {
  const m = /^(\d{1,9})([smhd])$/.exec(value)
  if (!m || !units.includes(m[2] as string)) return null
  const seconds = Number(m[1]) * UNIT_SECONDS[m[2] as keyof typeof UNIT_SECONDS]
  return seconds > 0 ? seconds : null
}

/**
 * Parses a request budget `requests/window`, e.g. `600/60s`, or returns null.
 * @example parseRateLimit('1200/1m') // { limit: 1200, windowSeconds: 60 }
 */
export function parseRateLimit(value: string): RateLimit | null {
  const m = /^(\d{1,9})\/(.+)$/.exec(value)
  if (!m) return null
  const limit = Number(m[1])
  const windowSeconds = parseDuration(m[2] as string, 'smh')
  if (limit < 1 || windowSeconds === null) return null
  return { limit, windowSeconds }
}

function parseRateLimitVariable(variable: string, value: string): RateLimit {
  const parsed = parseRateLimit(value)
  if (!parsed) throw new ConfigError(variable, 'must look like 600/60s (requests / window in s, m or h)')
  return parsed
}

/** What the export command (an API client) reads from the environment. */
export function clientEnvironment(env: Readonly<Record<string, string | undefined>> = process.env): {
  apiKey: string | undefined
  apiUrl: string | undefined
} {
  const set = (value: string | undefined) => (value === '' ? undefined : value)
  return { apiKey: set(env.AWARENESS_API_KEY), apiUrl: set(env.AWARENESS_API_URL) }
}
