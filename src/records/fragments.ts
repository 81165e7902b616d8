// Items that embed another row's reference are stored around it (docs/design.md, "Import renders,
// requests read"): rendered with the slot null and cut there.

import type { Static, TObject } from 'typebox'
import { jsonWithNull } from '../schemas/ordered-json.js'

/**
 * Splits an item's JSON, rendered with `null` in one embedded slot, around that slot: the item is
 * then `head + (the embedded reference) + tail`. `marker` ends with `null`, the slot's value. The cut
 * is exact: in JSON.stringify output a key is never preceded by an unescaped quote inside a string
 * value, so the marker occurs once, at the slot.
 */
function splitAround(json: string, marker: string): { head: string; tail: string } {
  const at = json.indexOf(marker)
  if (at === -1 || json.indexOf(marker, at + 1) !== -1) throw new Error(`render: cannot place ${marker}`)
  return { head: json.slice(0, at + marker.length - 'null'.length), tail: json.slice(at + marker.length) }
}

/**
 * A renderer of `schema`'s values around their slot `field`: the item's JSON, in the schema's order,
 * as `head + (the embedded value) + tail`.
 * @example jsonAround(Employee, 'manager')(employee) // { head: '{"id":…,"manager":', tail: ',"workspace":…}' }
 */
export function jsonAround<S extends TObject, K extends keyof Static<S> & string>(schema: S, field: K) {
  const render = jsonWithNull(schema, field)
  // The key with what precedes it: a key, never text inside a string value.
  const marker = `${Object.keys(schema.properties)[0] === field ? '{' : ','}"${field}":null`
  return (value: Omit<Static<S>, K>): { head: string; tail: string } => splitAround(render(value), marker)
}
