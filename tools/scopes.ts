// src/domain/scopes.ts, generated from the scopes the resources declare (src/resources/*/index.ts)
// and from the OpenAPI document's operations (which scope each needs, which privacies may call it):
// the keys and routes below the resources read the lists from there.

import type { Resource } from '../src/resources/resource.js'

/** The scopes in the order the resources declare them, each once. */
function declaredScopes(resources: readonly Resource[]): string[] {
  return [...new Set(resources.flatMap((resource) => resource.scopes.map((use) => use.scope as string)))]
}

interface DocumentOperation {
  'x-required-scope'?: string
  'x-key-privacies'?: string[]
}

/** The scopes of the operations an aggregate-only key may call, in the order of `scopes`. */
function aggregateScopes(scopes: readonly string[], document: string): string[] {
  const paths = (JSON.parse(document) as { paths: Record<string, { get?: DocumentOperation }> }).paths
  const used = new Set(
    Object.values(paths).flatMap(({ get }) =>
      get?.['x-key-privacies']?.includes('aggregate') && get['x-required-scope']
        ? [get['x-required-scope']]
        : [],
    ),
  )
  return scopes.filter((scope) => used.has(scope))
}

const listed = (scopes: readonly string[]) => scopes.map((scope) => `  '${scope}',\n`).join('')

/** src/domain/scopes.ts */
export function generateScopes(resources: readonly Resource[], document: string): string {
  const scopes = declaredScopes(resources)
  return `// Generated from the resources' scopes (src/resources/*/index.ts: scopes) and the OpenAPI document by
// \`npm run openapi\`; do not edit.
// The scopes a key may carry (CONTRACT 7), in the order the resources declare them.

export const SCOPES = [
${listed(scopes)}] as const

export type Scope = (typeof SCOPES)[number]

/** The scopes of the operations an aggregate-only key may call (CONTRACT 19): all such a key carries. */
export const AGGREGATE_SCOPES: readonly Scope[] = [
${listed(aggregateScopes(scopes, document))}]
`
}
