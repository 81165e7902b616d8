// The OpenTelemetry SDK behind tracing.ts, loaded only when traces are asked for. The SDK reads its
// own variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_TRACES_SAMPLER, …);
// whether it runs, and the service's name, come from the configuration (config.ts). Incoming W3C
// `traceparent` headers continue the caller's trace.

import { FastifyOtelInstrumentation } from '@fastify/otel'
import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { NodeSDK, resources } from '@opentelemetry/sdk-node'
import type { FastifyRequest } from 'fastify'
import type { SpanAttributes, Tracing, TracingOptions } from './tracing.js'

const defined = (attributes: SpanAttributes) => {
  const kept: Record<string, string | number | boolean> = {}
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) kept[name] = value
  return kept
}

function failed(span: Span, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error)
  span.setStatus({ code: SpanStatusCode.ERROR, message })
  span.recordException(error instanceof Error ? error : message)
}

/** Starts the SDK and returns the Tracing it backs. */
export function startOpenTelemetry(name: string, version: string, options: TracingOptions = {}): Tracing {
  const requestPath = options.requestPath ?? ((url: string) => url.split('?')[0])
  // Request and handler spans only: a span per hook would outnumber the work.
  const fastify = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    // The path as the log line has it: no query (it could carry anything), nothing like a key.
    requestHook: (span, request) => span.setAttribute('url.path', requestPath(request.url) ?? ''),
  })
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? name,
    resource: resources.resourceFromAttributes({ 'service.version': version }),
    instrumentations: [fastify],
  })
  sdk.start()
  const tracer = trace.getTracer(name, version)
  const requestSpan = (request: object) => (request as FastifyRequest).opentelemetry?.().span ?? undefined
  return {
    enabled: true,
    async inSpan(spanName, attributes, work, kind = 'internal') {
      return tracer.startActiveSpan(
        spanName,
        { attributes: defined(attributes), kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL },
        async (span) => {
          try {
            return await work({ setAttributes: (more) => span.setAttributes(defined(more)) })
          } catch (error) {
            failed(span, error)
            throw error
          } finally {
            span.end()
          }
        },
      )
    },
    record(spanName, startMs, endMs, attributes, options = {}) {
      const parent = context.active()
      if (options.childOnly && trace.getSpan(parent) === undefined) return
      const span = tracer.startSpan(spanName, { attributes: defined(attributes), startTime: startMs }, parent)
      if (options.error !== undefined) failed(span, options.error)
      span.end(endMs)
    },
    annotateRequest(request, attributes) {
      requestSpan(request)?.setAttributes(defined(attributes))
    },
    traceIdOf(request) {
      const requestContext = (request as FastifyRequest).opentelemetry?.().context
      return requestContext ? trace.getSpan(requestContext)?.spanContext().traceId : undefined
    },
    fastifyPlugin: fastify.plugin() as unknown as Tracing['fastifyPlugin'],
    // A collector that is down loses the last spans, never the process's exit: the SDK's own
    // diagnostics (OTEL_LOG_LEVEL) tell about failed exports.
    shutdown: () => sdk.shutdown().catch(() => {}),
  }
}
