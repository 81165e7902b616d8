// The one step that applies a reader's privacy (CONTRACT 19) to an answer and says whom the answer,
// as sent, carries (CONTRACT 20). Every door an answer leaves by goes through it: list pages, items,
// the events feed, webhook deliveries (OCSF is rendered from what it gives), exports (the API's
// pages). What it does with a person comes from the classes of the answer's schema (a `People`
// walk); what an aggregate reader sees of a figure, from the figures' populations, which only the
// door that read the answer can count (`Reader.figures`).

import type { Privacy } from '../domain/privacy.js'
import { CARRIES_NOBODY, type Carried, carriedIds, carriedIn, carriedInPage } from './carried.js'
import { type People, type PseudonymLookup, WITHHELD, walksPeople } from './people.js'

/** What `present` answers when the answer leaves as it was read (its bytes may be sent as they are). */
export const AS_READ: unique symbol = Symbol('as read')

/** Whoever an answer is for, with what applying its privacy needs. */
export type Reader =
  | { readonly privacy: 'identified' }
  /** `pseudonyms`: the pseudonym of each real id the answer may hold (one look-up an answer). */
  | { readonly privacy: 'pseudonymous'; readonly pseudonyms: PseudonymLookup }
  /**
   * `figures`: the answer with each figure that describes fewer employees than the key's minimum
   * emptied, undefined when none does (privacy/aggregate.ts; a page's are applied by its read).
   */
  | { readonly privacy: 'aggregate'; readonly figures?: (read: () => unknown) => Promise<unknown> }

export interface Presented<T> {
  /** The answer as its reader sees it (an event: WITHHELD, not sent to it at all); AS_READ: unchanged. */
  readonly shown: T | typeof AS_READ
  /** Whom it carries, as shown (pseudonymous readers' people by their real ids). */
  readonly carried: Carried
}

/** `pseudonymOf` for a walk's `hide`, keeping the real ids it was asked for. */
function pseudonymsShown(found: ReadonlyMap<string, string>, shown: Set<string>) {
  return (id: string): string => {
    const pseudonym = found.get(id)
    // A person without one is refused, never shown: the door answers 500 rather than leak an id.
    if (pseudonym === undefined) throw new Error('a person without a pseudonym in this workspace')
    shown.add(id)
    return pseudonym
  }
}

const carrying = (ids: Set<string>): Carried => (ids.size === 0 ? CARRIES_NOBODY : { ids })

/**
 * `values` as a pseudonymous reader sees them, each walked by `people` after one look-up of every
 * person they hold, with the real ids of those shown.
 */
async function pseudonymized(
  lookup: PseudonymLookup,
  people: People,
  values: readonly unknown[],
): Promise<{ shown: unknown[]; carried: Carried }> {
  const ids = new Set<string>()
  for (const value of values) people.ids(value, ids)
  const found = ids.size === 0 ? new Map<string, string>() : await lookup([...ids])
  const shownIds = new Set<string>()
  const pseudonymOf = pseudonymsShown(found, shownIds)
  const shown = values.map((value) => people.hide(value, pseudonymOf)).filter((value) => value !== WITHHELD)
  return { shown, carried: carrying(shownIds) }
}

/**
 * A reader of an answer read from renderings the import kept for its privacy (the employees'
 * pseudonymous ones, the walk's own output: test/privacy/kept.test.ts): shown as it is.
 */
export interface RenderedFor {
  readonly privacy: Reader['privacy']
  readonly rendered: true
}

/** What a reader of each privacy is given to apply it; `rendered`: the answer was read as kept for it. */
export interface ReaderMeans {
  pseudonyms?: PseudonymLookup
  figures?: (read: () => unknown) => Promise<unknown>
  rendered?: boolean
}

/** The reader of a key (or webhook endpoint) of this privacy. */
export function readerOf(privacy: Privacy, means: ReaderMeans): Reader | RenderedFor {
  if (means.rendered === true) return { privacy, rendered: true }
  switch (privacy) {
    case 'identified':
      return { privacy }
    case 'aggregate':
      return means.figures === undefined ? { privacy } : { privacy, figures: means.figures }
    case 'pseudonymous':
      if (means.pseudonyms === undefined) throw new Error('a pseudonymous reader without its pseudonyms')
      return { privacy, pseudonyms: means.pseudonyms }
  }
}

const isRendered = (reader: Reader | RenderedFor): reader is RenderedFor => 'rendered' in reader

/** The value `read` gives (an item, an event, a series), as `reader` sees it. */
export async function present(
  reader: Reader | RenderedFor,
  people: People,
  read: () => unknown,
): Promise<Presented<unknown>> {
  if (isRendered(reader)) return { shown: AS_READ, carried: carriedIn(read(), people, reader.privacy) }
  if (reader.privacy === 'aggregate') {
    // An aggregate reader is shown no person: only figures, each judged by its own population.
    const shown = reader.figures === undefined ? undefined : await reader.figures(read)
    return { shown: shown === undefined ? AS_READ : shown, carried: CARRIES_NOBODY }
  }
  if (!walksPeople(people)) return { shown: AS_READ, carried: CARRIES_NOBODY }
  const value = read()
  if (reader.privacy === 'identified')
    return { shown: AS_READ, carried: carriedIn(value, people, 'identified') }
  const { shown, carried } = await pseudonymized(reader.pseudonyms, people, [value])
  return shown.length === 0 ? { shown: WITHHELD, carried: CARRIES_NOBODY } : { shown: shown[0], carried }
}

/** A page as its statement read it: `{"data":[…]}`, and the real ids it selected beside its items. */
export interface ReadPage {
  document: Uint8Array | string
  /** The page's people as `ListStatement.carries` reads them (`a,b,c`). */
  people?: string
}

/**
 * A page's document as `reader` sees it, each item walked by `people`; items WITHHELD from the
 * reader are left out. An aggregate reader's page is applied section 19 by its read (its layout
 * needs the members): it leaves as read.
 */
export async function presentPage(
  reader: Reader | RenderedFor,
  people: People,
  page: ReadPage,
): Promise<Presented<string>> {
  if (reader.privacy === 'aggregate') return { shown: AS_READ, carried: CARRIES_NOBODY }
  if (isRendered(reader) || reader.privacy === 'identified' || !walksPeople(people))
    return {
      shown: AS_READ,
      carried:
        page.people !== undefined
          ? carriedIds(page.people)
          : carriedInPage(page.document, people, reader.privacy),
    }
  const text = typeof page.document === 'string' ? page.document : Buffer.from(page.document).toString('utf8')
  const { data } = JSON.parse(text) as { data: unknown[] }
  const { shown, carried } = await pseudonymized(reader.pseudonyms, people, data)
  return { shown: `{"data":${JSON.stringify(shown)}}`, carried }
}
