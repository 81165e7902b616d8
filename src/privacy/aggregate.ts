// Aggregate keys (CONTRACT 19): they read only what an operation declares for them, and never a
// figure of a population smaller than their minimum group size. Each statistics operation declares
// how its answer's population is found (`SmallPopulations`); the item engine (routing/item.ts)
// hides the figures of the small ones here, after the answer is read, for aggregate keys alone.

import type { WorkspaceRows } from '../access.js'

/** The workspace's population (its active employees), now and as imports kept it. */
export interface Population {
  now(from: WorkspaceRows): Promise<number>
  /** As the last import at or before `asOf` kept it (0 before the first). */
  at(from: WorkspaceRows, asOf: string): Promise<number>
  /** As kept from the last import before `first` to the last before `end`, by as_of. */
  kept(from: WorkspaceRows, first: string, end: string): Promise<{ as_of: string; size: number }[]>
}

/** Where the population of an answer, or of each of its points, comes from. */
export type SmallPopulations =
  /** One answer of the state: the population now, or at `as_of` when asked. */
  | { statistic: Population }
  /** A state's series: each point's population as the last import before its end kept it. */
  | { stateSeries: Population }
  /** A window statistic's series: the population now. */
  | { windowSeries: Population }
  /** A series whose points count their own population in this field. */
  | { pointCount: string }

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

/**
 * The answer (`data()`: an object, or a series of points) as an aggregate key with minimum group
 * size `min` may see it; undefined when it sees it whole, as an identified key does (the answer is
 * then sent as read, unparsed). `asOf`: the moment a state's answer was asked at.
 */
export async function hideSmallPopulations(
  rule: SmallPopulations,
  from: WorkspaceRows,
  data: () => unknown,
  min: number,
  asOf: string | undefined,
): Promise<unknown> {
  if ('statistic' in rule) {
    const size = asOf === undefined ? await rule.statistic.now(from) : await rule.statistic.at(from, asOf)
    return size < min ? nullFigures(data()) : undefined
  }
  if ('windowSeries' in rule)
    return (await rule.windowSeries.now(from)) < min ? (data() as Point[]).map(nullPoint) : undefined
  const points = data() as Point[]
  if ('pointCount' in rule) {
    const field = rule.pointCount
    return points.map((p) => (typeof p[field] === 'number' && (p[field] as number) < min ? nullPoint(p) : p))
  }
  if (points.length === 0) return points
  const kept = await rule.stateSeries.kept(
    from,
    (points[0] as Point).start,
    (points[points.length - 1] as Point).end,
  )
  let next = 0
  let size = 0
  return points.map((p) => {
    while (next < kept.length && (kept[next] as { as_of: string }).as_of < p.end)
      size = (kept[next++] as { size: number }).size
    return size < min ? nullPoint(p) : p
  })
}
