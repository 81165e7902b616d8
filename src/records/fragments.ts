/**
 * Splits an item's JSON, rendered with `null` in one embedded slot, around that slot: the item is
 * then `head + (the embedded reference) + tail`. `marker` ends with `null`, the slot's value. The cut
 * is exact: in JSON.stringify output a key is never preceded by an unescaped quote inside a string
 * value, so the marker occurs once, at the slot.
 * @example splitAround('{"a":1,"manager":null,"b":2}', ',"manager":null') // { head: '{"a":1,"manager":', tail: ',"b":2}' }
 */
export function splitAround(json: string, marker: string): { head: string; tail: string } {
  const at = json.indexOf(marker)
  if (at === -1 || json.indexOf(marker, at + 1) !== -1) throw new Error(`render: cannot place ${marker}`)
  return { head: json.slice(0, at + marker.length - 'null'.length), tail: json.slice(at + marker.length) }
}
