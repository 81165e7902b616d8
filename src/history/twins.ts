// The history twins (CONTRACT 17): every statistics endpoint's series, declared from the statistics
// declaration itself. A state twin answers, for each period, what the last import before its end
// kept; a window twin answers the statistic with its window set to the period. Not paged: one
// series of at most MAX_POINTS points, oldest first.

import type { TObject } from 'typebox'
import type { WorkspaceRows } from '../access.js'
import type { Scope } from '../domain/scopes.js'
import { INTERVALS, type Interval, timestampFromMillis } from '../domain/time.js'
import { Counted, type SmallPopulations } from '../privacy/aggregate.js'
import { defineItem, type ItemOperation, Rendered, WorkNotWanted } from '../routing/item.js'
import { type ParamDef, type Parsed, param } from '../routing/parameters.js'
import { workspaceId } from '../routing/schemas.js'
import type { Counts } from '../schemas/disclosure.js'
import { type KeptPeriods, keptPeriods } from './kept-periods.js'
import { lastInstantBefore, MAX_POINTS, type Period, periodsOf } from './periods.js'
import { countsOf } from './read.js'
import { pointTail, type SeriesBody, seriesBody } from './series-body.js'

/** A kept answer: the fields of a point (a JSON object's text) from `as_of` on. */
export interface Kept {
  as_of: string
  json: string
  /** The employees its figures describe that it does not publish (figures.ts Counts, as JSON). */
  counts?: string | null
}

/** The parameters every twin shares, after its path ids. */
export const seriesParameters = {
  workspace_id: workspaceId,
  interval: param.choice(
    INTERVALS,
    'The length of each period: a calendar month, an ISO week (from Monday) or a day, in UTC.',
  ),
  from: param.instant(
    `The first point is the period holding this moment. Absent: 11 periods before the last. At most ${MAX_POINTS} points.`,
  ),
  to: param.instant('The last point is the period holding this moment. Absent: now.'),
}

type SeriesDefinitions = typeof seriesParameters
type Query<P extends Record<string, ParamDef<unknown>>> = Parsed<SeriesDefinitions & P>

type SeriesQuery = { interval?: Interval | undefined; from?: string | undefined; to?: string | undefined }
const periodsFor = (query: SeriesQuery): Period[] =>
  periodsOf(query.interval ?? 'month', query.from, query.to, timestampFromMillis(Date.now()))

const SERIES_NOTE =
  'Oldest first, from the period holding from to the one holding to (UTC; start inclusive, end exclusive). ' +
  'Defaults: interval month, to now, 12 points. from after to, or more than 1,000 points: 422 naming from. Not paged.'

/** A series' bytes as the answer item.ts sends; `identity`, what they are a function of. */
const rendered = ({ body, release }: SeriesBody, identity?: string): Rendered =>
  new Rendered(body, release, identity)

/**
 * What a series is a function of: its periods (interval, first start, last end) and the kept
 * answers it reads, each a fixed-width key and a JSON text, which holds no raw newline.
 */
const identityOf = (interval: string, periods: readonly Period[], answers: readonly string[]): string =>
  `${interval}\n${(periods[0] as Period).start}\n${(periods[periods.length - 1] as Period).end}\n${answers.join('\n')}`

/** The $id of a point's schema (points.ts gives every point one). */
const pointId = (point: TObject): string => (point as TObject & { $id: string }).$id

/**
 * The series of a state: each period's point holds the last kept answer whose as_of is before the
 * period's end; `empty` (every field null) before the first. `kept` is ordered by as_of and holds
 * the last answer before the first period, if any, and those within the periods.
 */
export function stateSeries(periods: readonly Period[], kept: readonly Kept[], empty: string): SeriesBody {
  const tails: Buffer[] = new Array(periods.length)
  let next = 0
  let current: Buffer | undefined
  let currentJson = empty
  for (let i = 0; i < periods.length; i++) {
    const period = periods[i] as Period
    while (next < kept.length && (kept[next] as Kept).as_of < period.end) {
      currentJson = (kept[next++] as Kept).json
      current = undefined
    }
    current ??= pointTail(currentJson)
    tails[i] = current
  }
  return seriesBody(periods, tails)
}

/** Each period's counts: those of the answer its point shows (stateSeries), none before the first. */
function pointsCounts(periods: readonly Period[], kept: readonly Kept[]): (Counts | undefined)[] {
  let next = 0
  let current: Counts | undefined
  return periods.map((period) => {
    while (next < kept.length && (kept[next] as Kept).as_of < period.end)
      current = countsOf((kept[next++] as Kept).counts)
    return current
  })
}

/** The fields of a point with nothing kept: each of `fields` null. */
export const nullFields = (fields: readonly string[]): string =>
  `{${fields.map((name) => `${JSON.stringify(name)}:null`).join(',')}}`

/** What a state twin declares: where its answers are kept, and the names of their fields. */
export interface StateTwin<P extends Record<string, ParamDef<unknown>>> {
  operationId: string
  path: string
  summary: string
  description: string
  scope: Scope
  /** The point's schema (points.ts statePoint): its fields besides start and end are null before the first kept. */
  point: TObject
  /** Path ids, before the shared parameters. */
  parameters?: P
  reach?(from: WorkspaceRows, query: Query<P>): Promise<void>
  /** What an aggregate key may see of it (routing/item.ts); absent, such a key is refused. */
  aggregate?: SmallPopulations
  /** Path ids that name an employee (routing/item.ts). */
  people?: readonly string[]
  /** The kept answers from the last before `first` to the last before `end`, by as_of. */
  kept(from: WorkspaceRows, query: Query<P>, first: string, end: string): Promise<Kept[]>
}

/** A state twin: each point, what the last import before the period's end kept. */
export function stateTwin<P extends Record<string, ParamDef<unknown>> = Record<never, never>>(
  twin: StateTwin<P>,
) {
  const empty = nullFields(
    Object.keys(twin.point.properties).filter((name) => name !== 'start' && name !== 'end'),
  )
  return defineItem({
    operationId: twin.operationId,
    path: twin.path,
    summary: twin.summary,
    description: `${twin.description} ${SERIES_NOTE}`,
    scope: twin.scope,
    parameters: { ...(twin.parameters as P), ...seriesParameters },
    item: pointId(twin.point),
    series: true,
    ...(twin.reach ? { reach: twin.reach } : {}),
    ...(twin.aggregate ? { aggregate: twin.aggregate } : {}),
    ...(twin.people ? { people: twin.people } : {}),
    async read(from, query) {
      const periods = periodsFor(query as SeriesQuery)
      const first = (periods[0] as Period).start
      const end = (periods[periods.length - 1] as Period).end
      const kept = await twin.kept(from, query, first, end)
      const identity = identityOf((query as SeriesQuery).interval ?? 'month', periods, [
        empty,
        ...kept.map((k) => `${k.as_of}${k.json}`),
      ])
      const series = rendered(stateSeries(periods, kept, empty), identity)
      return kept.some((k) => k.counts !== undefined)
        ? new Counted(series, undefined, pointsCounts(periods, kept))
        : series
    },
  } as ItemOperation<SeriesDefinitions & P, unknown>)
}

/**
 * The state twin of a statistics operation whose answers each import keeps (`as_of=`): its path
 * and scope are the statistic's; `also` adds to the description what the kept answer holds.
 */
export function keptTwin(
  statistic: ItemOperation<{ workspace_id: ParamDef<string, true> }, unknown>,
  twin: {
    operationId: string
    summary: string
    point: TObject
    also?: string
    kept(from: WorkspaceRows, first: string, end: string): Promise<Kept[]>
  },
) {
  return stateTwin({
    operationId: twin.operationId,
    path: `${statistic.path}/history`,
    summary: twin.summary,
    description:
      `Each point: ${statistic.path} as the last import whose as_of is before the end of the period kept it` +
      `${twin.also === undefined ? '' : ` (${twin.also})`}; every field but start and end null before the first.`,
    scope: statistic.scope,
    point: twin.point,
    ...(statistic.aggregate && 'ownField' in statistic.aggregate
      ? { aggregate: { pointCount: statistic.aggregate.ownField } }
      : {}),
    kept: (from, _query, first, end) => twin.kept(from, first, end),
  })
}

/** The series of a window statistic from its kept periods: those without a row held no data. */
export function periodSeries(periods: readonly Period[], kept: KeptPeriods): SeriesBody {
  const empty = pointTail(kept.empty)
  const tails: Buffer[] = new Array(periods.length)
  let next = 0
  for (let i = 0; i < periods.length; i++) {
    const period = periods[i] as Period
    const row = kept.periods[next]
    if (row !== undefined && row.start === period.start) {
      tails[i] = pointTail(row.json)
      next++
    } else tails[i] = empty
  }
  return seriesBody(periods, tails)
}

/** The window parameters of a statistic: its inclusive lower and upper ends. */
export interface StatisticWindow<D> {
  after: keyof D & string
  before: keyof D & string
}

/**
 * A window twin of a statistics operation: each point is its answer with the window set to the
 * period (`after` = start, `before` = 1 µs before end), over the data held now.
 */
export function windowTwin<
  D extends Record<string, ParamDef<unknown>> & { workspace_id: ParamDef<string, true> },
  T,
>(
  statistic: ItemOperation<D, T>,
  twin: { operationId: string; summary: string; point: TObject } & StatisticWindow<D>,
) {
  return defineItem({
    operationId: twin.operationId,
    path: `${statistic.path}/history`,
    summary: twin.summary,
    description:
      `Each point: ${statistic.operationId}'s answer with ${twin.after} = start and ${twin.before} = 1 µs before end, ` +
      `over the data held now. ${SERIES_NOTE}`,
    scope: statistic.scope,
    parameters: seriesParameters,
    item: pointId(twin.point),
    series: true,
    ...(statistic.aggregate && 'statistic' in statistic.aggregate
      ? { aggregate: { windowSeries: statistic.aggregate.statistic } }
      : {}),
    async read(from, query, wanted, population) {
      const periods = periodsFor(query)
      const unit = query.interval ?? 'month'
      const kept = await keptPeriods(
        from,
        statistic.operationId,
        unit,
        (periods[0] as Period).start,
        (periods[periods.length - 1] as Period).end,
        population,
      )
      if (kept !== undefined) {
        const series = rendered(
          periodSeries(periods, kept),
          identityOf(unit, periods, [kept.empty, ...kept.periods.map((p) => `${p.start}${p.json}`)]),
        )
        return kept.population === undefined ? series : new Counted(series, kept.population)
      }
      // Nothing kept for the workspace (its rows removed since the start derived them, see
      // deriveMissing): each point is asked, one at a time, with a turn of the event loop
      // between them so that other requests go on, until nobody waits for the answer.
      const tails: Buffer[] = []
      for (const period of periods) {
        await new Promise((resolve) => setImmediate(resolve))
        if (!wanted()) throw new WorkNotWanted()
        const window = {
          workspace_id: query.workspace_id,
          [twin.after]: period.start,
          [twin.before]: lastInstantBefore(period.end),
        } as Parsed<D>
        tails.push(pointTail(JSON.stringify(await statistic.read(from, window, wanted))))
      }
      return rendered(seriesBody(periods, tails))
    },
  })
}
