// A stored item's JSON embeds references that follow other records (an employee's, a cycle's name).
// Each sits in a slot found by text: between the key that holds it and the key after it. A marker
// (`,"employee":`) occurs once in the item when no other object of the item has that key: inside a
// string value every `"` is escaped, so `,"` cannot occur there.

import { type DialectName, textPosition } from '../db/dialect.js'

export interface JsonSlot {
  /** SQL: the slot's current text in the stored JSON `json`. */
  text(dialect: DialectName, json: string): string
  /** SQL: the stored JSON `json` with `value` in the slot. */
  withValue(dialect: DialectName, json: string, value: string): string
}

/** The slot after the key marker `before` (`,"manager":`) and before the marker `after`. */
export function slotBetween(before: string, after: string): JsonSlot {
  const bounds = (dialect: DialectName, json: string) => ({
    start: `(${textPosition(dialect, json, `'${before}'`)} + ${before.length})`,
    end: textPosition(dialect, json, `'${after}'`),
  })
  return {
    text(dialect, json) {
      const { start, end } = bounds(dialect, json)
      return `substr(${json}, ${start}, ${end} - ${start})`
    },
    withValue(dialect, json, value) {
      const { start, end } = bounds(dialect, json)
      return `substr(${json}, 1, ${start} - 1) || ${value} || substr(${json}, ${end})`
    },
  }
}

/**
 * SQL: true when the stored JSON `stored` ends with `tail`, whose text starts with a marker that
 * occurs once in the item: the part from that marker on is then exactly `tail`.
 */
export function endsWith(stored: string, tail: string): string {
  return `(length(${stored}) >= length(${tail})
    and substr(${stored}, length(${stored}) - length(${tail}) + 1) = ${tail})`
}
