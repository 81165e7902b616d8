// The order every breakdown's rows are listed and paged in, for the answers paged in memory (an
// aggregate key's, and one over filtered members): employees_count descending (the sort key), then
// the key shown in code point order, the row whose key is null last; a cursor names a row by its
// sort key and its key's stand-in (import.ts positionIdOf).

import type { Page, Position } from '../../paging/paging.js'

/** A row in order: its sort key, the key it is shown by ('' for the null row), and that key's stand-in. */
export interface Listed {
  at: string
  key: string
  id: string
}

/** Code point order, as the databases' "C" collation sorts keys. */
export const byCodePoint = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b))

/** Rows listed in a breakdown's order, paged after a cursor's position. */
export class CellOrder<T extends Listed> {
  readonly rows: readonly T[]
  /** Each row's key by its stand-in. */
  private readonly keyOf: Map<string, string>

  constructor(rows: readonly T[]) {
    this.rows = [...rows].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : byCodePoint(a.key, b.key)))
    this.keyOf = new Map(this.rows.map((r) => [r.id, r.key]))
  }

  /** The rows of the page after `position` (null: the first), and whether more follow. */
  after(position: Position | null, limit: number): { rows: T[]; more: boolean } {
    let start = 0
    if (position !== null) {
      const [at, standIn] = position
      // A stand-in of a long key names the row whose key it stands for, while that row is listed.
      const key = this.keyOf.get(standIn) ?? standIn
      start = this.rows.findIndex((r) => r.at > at || (r.at === at && byCodePoint(r.key, key) > 0))
      if (start < 0) start = this.rows.length
    }
    return { rows: this.rows.slice(start, start + limit), more: start + limit < this.rows.length }
  }
}

/** A page of these rows' answers, its next position after the last. */
export function pageOfAnswers(rows: readonly Listed[], answers: readonly string[], more: boolean): Page {
  const last = rows[rows.length - 1]
  return {
    document: `{"data":[${answers.join(',')}]}`,
    next: more && last !== undefined ? [last.at, last.id] : null,
    empty: answers.length === 0,
  }
}
