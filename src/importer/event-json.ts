// An event's JSON as the feed and webhooks carry it (CONTRACT 14), written once. `eventJson` renders
// it in JS (updates, compared in JS); the events an import records set-based get the same text from
// the database, through `splicedSql`, which turns eventJson's own output into SQL: the database then
// only splices stored values into it, and never names a field.

export interface EventHead {
  id: string
  type: string
  created_at: string
  workspace_id: string
}

/** An event's `data`: the object's rendering as stored, and for an update the old values' JSON. */
export const eventData = (object: string, previous?: string): string =>
  previous === undefined ? `{"object":${object}}` : `{"object":${object},"previous_attributes":${previous}}`

/** The event around its `data` (JSON text), its keys in the published order. */
export const eventJson = (head: EventHead, data: string): string =>
  `${JSON.stringify({ id: head.id, type: head.type, created_at: head.created_at, workspace_id: head.workspace_id }).slice(0, -1)},"data":${data}}`

/** Stands for the i-th SQL expression in a rendering: characters JSON.stringify leaves as they are. */
const mark = (i: number) => `\uE000${i}\uE001`

/**
 * SQL concatenating what `render` writes, with each SQL expression of `expressions` where render put
 * its mark (`render` gets them in order). A mark inside a JSON string takes a value that needs no
 * escaping there (ids, type names, canonical timestamps).
 * @example splicedSql((m) => eventData(m[0] as string), ['r.json']) // `'{"object":' || r.json || '}'`
 */
export function splicedSql(
  render: (marks: readonly string[]) => string,
  expressions: readonly string[],
): string {
  const text = render(expressions.map((_, i) => mark(i)))
  const parts: string[] = []
  let rest = text
  for (const [i, expression] of expressions.entries()) {
    const at = rest.indexOf(mark(i))
    if (at < 0) throw new Error(`splicedSql: the rendering does not hold expression ${i} (${expression})`)
    if (at > 0) parts.push(literal(rest.slice(0, at)))
    parts.push(expression)
    rest = rest.slice(at + mark(i).length)
  }
  if (rest !== '') parts.push(literal(rest))
  return parts.join(' || ')
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`
