// Aggregate keys (CONTRACT 19): they read only what an operation declares for them, and never a
// figure of a population smaller than their minimum group size. Each statistics operation declares
// how its answer's population is found (`SmallPopulations`); the item engine (routing/item.ts)
// hides the figures of the small ones here, after the answer is read, for aggregate keys alone.

import type { AliasedSelectQueryBuilder } from 'kysely'
import type { WorkspaceRows } from '../access.js'
import type { Counts } from '../schemas/disclosure.js'
import type { Figures } from './figures.js'

/** The workspace's population (its active employees) now. */
export interface Population {
  now(from: WorkspaceRows): Promise<number>
  /** The same number as a column `population` of another statement over the granted workspace. */
  column(from: WorkspaceRows): AliasedSelectQueryBuilder<Record<string, unknown>, 'population'>
}

/**
 * A window statistic's answer with its population, which the answer's own statement selected
 * (`Population.column`): the engine then reads no population of its own.
 */
export class Counted<T> {
  constructor(
    readonly answer: T,
    /** A window statistic's population, when its statement selected it. */
    readonly population: number | undefined,
    /** The populations the read counted that the answer does not publish (`figure` counted); per point for a series. */
    readonly counts?: Counts | readonly (Counts | undefined)[],
  ) {}
}

/**
 * The answer, counted when its statement selected the population: `value` is what it read there
 * (null: no employees), undefined where it read none (not asked, or no row), and the engine then
 * reads the population itself.
 */
export function countedBy<T>(answer: T, value: unknown): T | Counted<T> {
  return value === undefined ? answer : new Counted(answer, Number(value ?? 0))
}

/**
 * `make(population)`, made once for each population and once without: the statements a read runs
 * with the population beside its answer, and without it.
 */
export function perPopulation<V>(make: (population?: Population) => V): (population?: Population) => V {
  const made = new Map<Population | undefined, V>()
  return (population) => {
    let value = made.get(population)
    if (value === undefined) {
      value = make(population)
      made.set(population, value)
    }
    return value
  }
}

/** Where the population of an answer, or of each of its points, comes from. */
export type SmallPopulations =
  /** A window statistic's answer: the population now. */
  | { statistic: Population }
  /** A state statistic's answer, now or `as_of`: its own field counts the population. */
  | { ownField: string }
  /** A window statistic's series: the population now. */
  | { windowSeries: Population }
  /** A series whose points count their own population in this field (a state, a group's size). */
  | { pointCount: string }

/** The population a read may select beside its answer: a window statistic's, or its series'. */
export const populationAsked = (rule: SmallPopulations): Population | undefined =>
  'statistic' in rule ? rule.statistic : 'windowSeries' in rule ? rule.windowSeries : undefined

/** The answer with every figure (number) null, its shape and every other value kept. */
export function nullFigures(value: unknown): unknown {
  if (typeof value === 'number') return null
  if (Array.isArray(value)) return value.map(nullFigures)
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullFigures(v)]))
  return value
}

type Point = Record<string, unknown> & { start: string; end: string }

/** A point with every figure null but its period's. */
const nullPoint = ({ start, end, ...figures }: Point): Point =>
  ({ start, end, ...(nullFigures(figures) as Record<string, unknown>) }) as Point

/** What is known of an answer beside it: its population, its unpublished counts, its figures' rule. */
export interface Beside {
  /** A window statistic's population (or its series'), when its read selected it. */
  population?: number | undefined
  counts?: Counts | readonly (Counts | undefined)[] | undefined
  figures: Figures
}

/** Each point of a series through `hide`, or undefined when none changed. */
function pointsThrough(points: readonly Point[], hide: (p: Point, i: number) => Point): Point[] | undefined {
  let changed = false
  const shown = points.map((p, i) => {
    const q = hide(p, i)
    if (q !== p) changed = true
    return q
  })
  return changed ? shown : undefined
}

/**
 * The answer (`data()`: an object, or a series of points) as an aggregate key with minimum group
 * size `min` may see it; undefined when it sees it whole, as an identified key does (the answer is
 * then sent as read). Its population first (every figure null below `min`), then each figure over
 * a narrower set of employees (figures.ts).
 */
export async function hideSmallPopulations(
  rule: SmallPopulations,
  from: WorkspaceRows,
  data: () => unknown,
  min: number,
  beside: Beside,
): Promise<unknown> {
  const { figures, counts } = beside
  const narrower = (answer: unknown, c: Counts | undefined): unknown => {
    if (!figures.narrower) return undefined
    const shown = figures.hide(answer, min, c)
    return shown === answer ? undefined : shown
  }
  const pointCounts = (i: number) => (Array.isArray(counts) ? (counts[i] as Counts | undefined) : undefined)
  const one = Array.isArray(counts) ? undefined : (counts as Counts | undefined)
  if ('statistic' in rule) {
    const population = beside.population ?? (await rule.statistic.now(from))
    return population < min ? nullFigures(data()) : narrower(data(), one)
  }
  if ('windowSeries' in rule) {
    const population = beside.population ?? (await rule.windowSeries.now(from))
    if (population < min) return (data() as Point[]).map(nullPoint)
    if (!figures.narrower) return undefined
    return pointsThrough(data() as Point[], (p) => figures.hide(p, min, undefined) as Point)
  }
  if ('ownField' in rule) {
    const answer = data() as Record<string, unknown>
    return (answer[rule.ownField] as number) < min ? nullFigures(answer) : narrower(answer, one)
  }
  const field = rule.pointCount
  const small = (p: Point) => typeof p[field] === 'number' && (p[field] as number) < min
  return pointsThrough(data() as Point[], (p, i) =>
    small(p) ? nullPoint(p) : figures.narrower ? (figures.hide(p, min, pointCounts(i)) as Point) : p,
  )
}
