// src/domain/event-types.ts, generated from the events the resources declare: what a command that
// takes event types (`webhooks create --events`) checks against without loading the resources.

/** src/domain/event-types.ts */
export function generateEventTypes(eventTypes: readonly string[]): string {
  return `// Generated from the resources' events (src/resources/*/index.ts: events) by \`npm run openapi\`; do
// not edit. Every event type (CONTRACT 14), in the resources' order.

export const EVENT_TYPES: readonly string[] = [
${eventTypes.map((type) => `  '${type}',\n`).join('')}]
`
}
