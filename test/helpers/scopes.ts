// src/domain/scopes.ts, generated from the scopes the resources declare (src/resources/*/index.ts):
// the keys and routes below the resources read the list from there.

import type { Resource } from '../../src/resources/resource.js'

/** The scopes in the order the resources declare them, each once. */
function declaredScopes(resources: readonly Resource[]): string[] {
  return [...new Set(resources.flatMap((resource) => resource.scopes.map((use) => use.scope as string)))]
}

/** src/domain/scopes.ts */
export function generateScopes(resources: readonly Resource[]): string {
  return `// Generated from the resources' scopes (src/resources/*/index.ts: scopes) by \`npm run openapi\`; do not edit.
// The scopes a key may carry (CONTRACT 7), in the order the resources declare them.

export const SCOPES = [
${declaredScopes(resources)
  .map((scope) => `  '${scope}',\n`)
  .join('')}] as const

export type Scope = (typeof SCOPES)[number]
`
}
