// Traces (OpenTelemetry), off unless the configuration asks for them (config.ts reads
// OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and OTEL_TRACES_EXPORTER). Off,
// no OpenTelemetry module is loaded and every call here does nothing; on, ./otel.js loads the SDK,
// which exports what the code marks here (docs/operations.md).

/** Values of span attributes; undefined ones are left out. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>

export interface ActiveSpan {
  setAttributes(attributes: SpanAttributes): void
}

export interface Tracing {
  readonly enabled: boolean
  /** Runs `work` in a new span, child of the active one (a delivery is a client span). */
  inSpan<T>(
    name: string,
    attributes: SpanAttributes,
    work: (span: ActiveSpan) => Promise<T>,
    kind?: 'internal' | 'client',
  ): Promise<T>
  /**
   * A finished span, child of the active one, from times the caller measured (epoch milliseconds);
   * with `childOnly`, none when no span is active (a statement outside any request or import).
   */
  record(
    name: string,
    startMs: number,
    endMs: number,
    attributes: SpanAttributes,
    options?: { error?: unknown; childOnly?: boolean },
  ): void
  /** Adds attributes to the span of an HTTP request (a Fastify request). */
  annotateRequest(request: object, attributes: SpanAttributes): void
  /** The trace id of an HTTP request's span, for its log line; undefined when it has none. */
  traceIdOf(request: object): string | undefined
  /** The Fastify plugin that makes each request's span: registered before anything else. */
  readonly fastifyPlugin: ((instance: never, options: never, done: () => void) => void) | undefined
  /** Exports what is buffered, and stops. */
  shutdown(): Promise<void>
}

const NO_SPAN: ActiveSpan = { setAttributes() {} }

const OFF: Tracing = {
  enabled: false,
  inSpan: (_name, _attributes, work) => work(NO_SPAN),
  record() {},
  annotateRequest() {},
  traceIdOf: () => undefined,
  fastifyPlugin: undefined,
  shutdown: async () => {},
}

let current: Tracing = OFF

/** Tracing as this process runs it (off until startTracing turns it on). */
export const tracing = (): Tracing => current

/**
 * Turns tracing on when the configuration asks for it (loading the SDK only then), for the service
 * `name` at `version`; call before the database is opened and the app is built.
 */
export async function startTracing(
  traces: { serviceName: string | undefined } | false,
  name: string,
  version: string,
  options: TracingOptions = {},
): Promise<Tracing> {
  if (current.enabled || traces === false) return current
  const { startOpenTelemetry } = await import('./otel.js')
  current = startOpenTelemetry(name, version, { ...options, serviceName: traces.serviceName })
  return current
}

export interface TracingOptions {
  /**
   * A request's path as spans may carry it (the request log's redaction, so that both say the
   * same); by default the path without its query.
   */
  requestPath?: (url: string) => string | undefined
  /** The service's name in the traces (OTEL_SERVICE_NAME, read by config.ts); `name` when unset. */
  serviceName?: string | undefined
}

/** Flushes and turns tracing off (the end of a process, or of a test). */
export async function stopTracing(): Promise<void> {
  const stopping = current
  current = OFF
  await stopping.shutdown()
}

/** Milliseconds since the epoch, to the microsecond: span times measured by the caller. */
export const epochMs = (): number => performance.timeOrigin + performance.now()
