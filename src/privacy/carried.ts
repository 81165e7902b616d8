// Whom an answer carries (CONTRACT 20): the people the pseudonymous step's walk finds in it, the same
// classes deciding, so that what a reader is shown of a person and what the record keeps of it
// never differ. An identified reader's answer names them by their real ids, a pseudonymous reader's
// by pseudonyms (the record looks those up when it writes).

import { type People, walksPeople } from './people.js'

/** The people of an answer, as its reader was shown them. */
export interface Carried {
  ids?: ReadonlySet<string>
  pseudonyms?: ReadonlySet<string>
  /** Real ids joined by commas, as a page's statement read them (split by the record, once a page). */
  joined?: string
}

/** An answer that carries nobody. */
export const CARRIES_NOBODY: Carried = {}

/** Who a value (an item's data) carries, for a reader of this privacy. */
export function carriedIn(value: unknown, people: People, privacy: string): Carried {
  if (!walksPeople(people)) return CARRIES_NOBODY
  const found = new Set<string>()
  people.ids(value, found)
  if (found.size === 0) return CARRIES_NOBODY
  return privacy === 'pseudonymous' ? { pseudonyms: found } : { ids: found }
}

/** Who a page's document (`{"data":[…]}`) carries, each item walked by `people`. */
export function carriedInPage(document: Uint8Array | string, people: People, privacy: string): Carried {
  if (!walksPeople(people)) return CARRIES_NOBODY
  const text =
    typeof document === 'string'
      ? document
      : Buffer.from(document.buffer, document.byteOffset, document.byteLength).toString('utf8')
  const { data } = JSON.parse(text) as { data: unknown[] }
  const found = new Set<string>()
  for (const item of data) people.ids(item, found)
  if (found.size === 0) return CARRIES_NOBODY
  return privacy === 'pseudonymous' ? { pseudonyms: found } : { ids: found }
}

/** The people a page read with its items' real ids carries (`a,b,c`: ListStatement.carries). */
export function carriedIds(people: string): Carried {
  return people === '' ? CARRIES_NOBODY : { joined: people }
}
