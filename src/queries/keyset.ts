import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { Position } from '../http/paging.js'

/**
 * The rows after `position` in (timestamp desc, id desc) order: `(at, id) < (position)`, one
 * row-value comparison that both databases answer from the (…, at desc, id desc) index.
 */
export function after(at: string, id: string, position: Position): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(at)}, ${sql.ref(id)}) < (${position[0]}, ${position[1]})`
}
