// What a resource folder exports: everything about one part of the API, for the engines that loop
// over the list in index.ts (the HTTP app and its OpenAPI document, the importer and its events,
// export, demo data, and the generators of the client and of the SQL snapshots).

import type { FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import type { NotFound } from '../errors.js'
import type { EventSource } from '../records/events.js'
import type { ImportSteps, RecordSpec } from '../records/spec.js'
import type { ResourceDemo } from './demo.js'
import type { ResourceExport } from './export.js'

/**
 * How the typed client names a resource's operations: `client.<namespace>.<method>(…)`. Everything
 * else (parameters, types, paths) the generator reads from the OpenAPI document.
 */
export interface ClientNamespace {
  namespace: string
  /** By operationId. */
  operations: Readonly<Record<string, ClientMethod>>
}

export interface ClientMethod {
  /** The method: for a list, the one that walks it whole. */
  method: string
  /** For a list, the method that reads one page. */
  page?: string
  /** The exported name of its filters' type; inline when absent. */
  filters?: string
  /** A path parameter given as the first argument, not among the filters. */
  positional?: string
  /** Query parameters that the filters name otherwise (`type` → `types`). */
  rename?: Readonly<Record<string, string>>
  /** Parameters whose filter also takes null (as absent). */
  nullable?: readonly string[]
  /** Query parameters the typed method does not offer (one that changes the items' type). */
  omit?: readonly string[]
  /** The method's doc comment (lines, without the comment marks). */
  doc?: readonly string[]
}

export interface Resource<T extends string = string> {
  name: string
  /** Its operations' group in the OpenAPI document and on the reference page. */
  tag: { name: string; description: string }
  /** The 404 of each id its operations take (path or query parameter), unknown and foreign alike. */
  notFound?: readonly NotFound[]
  /** Schemas with an $id, which the routes' responses reference. */
  schemas: readonly TSchema[]
  /**
   * Registers its routes. Their module is imported here, on use (`await import('./routes.js')`):
   * what needs only the records (the import's reading thread) never loads the routes.
   */
  routes(app: FastifyInstance): Promise<void>
  /** An example response per operationId, shown in the OpenAPI document. */
  examples: Readonly<Record<string, unknown>>
  /**
   * How the typed client calls each operation (a script body, after `client` is made): the
   * reference page's JavaScript sample, type-checked against the packed client by tests.
   */
  clientSamples: Readonly<Record<string, string>>
  /** Its import record types, parents before children. */
  records: readonly RecordSpec<T>[]
  import: ImportSteps
  /** The events its changes make (CONTRACT 14), by kind of rendering. */
  events?: readonly EventSource[]
  /** What `awareness export` writes of it. */
  exports: readonly ResourceExport[]
  /** Its records in the demo dataset. */
  demo?: ResourceDemo
  /**
   * Its statements by name (its sql.ts): lists' rows and functions taking the database first, each
   * with the sample calls the SQL snapshots make (src/resources/sql.ts).
   */
  sql: Readonly<Record<string, unknown>>
  /** Its namespace in the typed client (packages/client), generated with the document. */
  client: ClientNamespace
}
