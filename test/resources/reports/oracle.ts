// What the reports must answer (CONTRACT 18), computed in plain JavaScript from the imported records,
// independently of the server's SQL: members, cells, windows and rates from exact integers (BigInt).

import { reference } from '../../helpers/oracle.js'
import type { Rec } from '../../helpers/records.js'
import { inWindow, type Window } from '../inbox/oracle.js'

export type Dimension = 'department' | 'manager' | 'group' | 'country'

const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)
const byType = (all: readonly Rec[], type: string) => all.filter((r) => r.type === type)

/** part / whole in percent, half up to an integer (or to one decimal): 0 when whole is 0. */
function percent(part: number, whole: number, tenths = false): number {
  if (whole === 0) return 0
  const scale = tenths ? 1000n : 100n
  const value = (BigInt(part) * scale * 2n + BigInt(whole)) / (2n * BigInt(whole))
  return tenths ? Number(value) / 10 : Number(value)
}

/** The mean, half up to an integer; null without values. */
function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sum = values.reduce((a, b) => a + b, 0)
  return Number((BigInt(sum) * 2n + BigInt(values.length)) / (2n * BigInt(values.length)))
}

/** The members of a workspace (its active employees), in employees order. */
export function members(all: readonly Rec[], workspaceId: string): Rec[] {
  return byType(all, 'employee')
    .filter((e) => (e.workspace as Rec).id === workspaceId && e.status === 'active')
    .sort(
      (a, b) => desc(a.created_at as string, b.created_at as string) || desc(a.id as string, b.id as string),
    )
}

interface AttackFacts {
  employee: string
  created_at: string
  sent_at: string | null
  tricked_at: string | null
  reported_at: string | null
}

/** The workspace's attacks with what an import derives of them (CONTRACT 15). */
function attacksOf(all: readonly Rec[], workspaceId: string): AttackFacts[] {
  const campaigns = new Set(
    byType(all, 'campaign')
      .filter((c) => c.workspace_id === workspaceId)
      .map((c) => c.id as string),
  )
  return byType(all, 'attack')
    .filter((a) => campaigns.has(a.campaign_id as string))
    .map((a) => {
      const times = (types: string[]) =>
        (a.events as Rec[])
          .filter((e) => types.includes(e.type as string))
          .map((e) => e.created_at as string)
          .sort()
      return {
        employee: a.employee_id as string,
        created_at: a.created_at as string,
        sent_at: a.sent_at as string | null,
        tricked_at: times(['employee_tricked'])[0] ?? null,
        reported_at: times(['email_reported', 'manually_reported'])[0] ?? null,
      }
    })
}

/** Each member's sent attacks created in the window. */
function sentAttacks(all: readonly Rec[], workspaceId: string, w: Window): Map<string, AttackFacts[]> {
  const out = new Map<string, AttackFacts[]>()
  for (const a of attacksOf(all, workspaceId)) {
    if (a.sent_at === null || !inWindow(a.created_at, w)) continue
    out.set(a.employee, [...(out.get(a.employee) ?? []), a])
  }
  return out
}

/** The members with an email report made in the window. */
function reporters(all: readonly Rec[], workspaceId: string, w: Window): Set<string> {
  const tickets = new Set(
    byType(all, 'inbox_ticket')
      .filter((t) => t.workspace_id === workspaceId)
      .map((t) => t.id as string),
  )
  return new Set(
    byType(all, 'email_report')
      .filter((r) => tickets.has(r.ticket_id as string) && inWindow(r.reported_at as string, w))
      .map((r) => r.employee_id as string),
  )
}

const progressOf = (all: readonly Rec[], employeeId: string) =>
  byType(all, 'course_progress').filter((p) => p.employee_id === employeeId)

/** The cells of a dimension: key → members; the key null for the members without one. */
/** Which members a breakdown groups (the drill-down filters'): all without them. */
export type Keep = (member: Rec) => boolean

function cells(
  all: readonly Rec[],
  workspaceId: string,
  by: Dimension,
  keep: Keep = () => true,
): Map<string | null, Rec[]> {
  const out = new Map<string | null, Rec[]>()
  const add = (key: string | null, e: Rec) => out.set(key, [...(out.get(key) ?? []), e])
  const memberships = byType(all, 'group_member')
  for (const e of members(all, workspaceId).filter(keep)) {
    if (by === 'department') add((e.department as { name: string } | null)?.name ?? null, e)
    else if (by === 'manager') add((e.manager as { id: string } | null)?.id ?? null, e)
    else if (by === 'country') add(e.country_code as string | null, e)
    else {
      const groups = memberships.filter((m) => m.employee_id === e.id).map((m) => m.group_id as string)
      if (groups.length === 0) add(null, e)
      for (const g of groups) add(g, e)
    }
  }
  return out
}

/** Code point order, as the contract asks (not the locale's). */
function codePoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) as number)
  const y = [...b].map((c) => c.codePointAt(0) as number)
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number)
  return x.length - y.length
}

/** A row's figures over `cell`, its members (each once), as BreakdownCell names them. */
function rowOver(
  all: readonly Rec[],
  workspaceId: string,
  w: Window,
  key: string | null,
  name: string | null,
  cell: readonly Rec[],
) {
  const attacks = sentAttacks(all, workspaceId, w)
  const reporting = reporters(all, workspaceId, w)
  const compromised = byType(all, 'compromised_employee').filter((c) => c.workspace_id === workspaceId)
  const karma = cell.flatMap((e) => (e.karma === null ? [] : [(e.karma as { score: number }).score]))
  const attackedMembers = cell.filter((e) => (attacks.get(e.id as string) ?? []).length > 0)
  const some = (e: Rec, field: 'tricked_at' | 'reported_at') =>
    (attacks.get(e.id as string) ?? []).some((a) => a[field] !== null)
  const theirs = (e: Rec) => compromised.filter((c) => c.employee_id === e.id)
  const compromisedMembers = cell.filter((e) => theirs(e).length > 0)
  const reporterCount = cell.filter((e) => reporting.has(e.id as string)).length
  return {
    key,
    name,
    employees_count: cell.length,
    average_karma_score: mean(karma),
    at_risk_employees_count: cell.filter((e) =>
      ['dangerous', 'bad'].includes((e.karma as { security_level: string } | null)?.security_level ?? ''),
    ).length,
    covered_employees: cell.filter((e) => progressOf(all, e.id as string).length > 0).length,
    average_courses_completed:
      mean(cell.map((e) => progressOf(all, e.id as string).filter((p) => p.status === 'completed').length)) ??
      0,
    employees_attacked_count: attackedMembers.length,
    vulnerability_rate: percent(
      attackedMembers.filter((e) => some(e, 'tricked_at')).length,
      attackedMembers.length,
    ),
    reporting_rate: percent(
      attackedMembers.filter((e) => some(e, 'reported_at')).length,
      attackedMembers.length,
    ),
    reporters_count: reporterCount,
    employee_reporting_rate: percent(reporterCount, cell.length, true),
    compromised_employees_count: compromisedMembers.length,
    unacknowledged_employees_count: compromisedMembers.filter((e) =>
      theirs(e).some((c) => c.acknowledged_at === null),
    ).length,
  }
}

type Row = ReturnType<typeof rowOver>

/** The breakdown's order: employees_count descending, then key in code point order, the null row last. */
const inOrder = (rows: Row[]): Row[] =>
  rows.sort((a, b) => {
    if ((a.key === null) !== (b.key === null)) return a.key === null ? 1 : -1
    return (b.employees_count ?? 0) - (a.employees_count ?? 0) || codePoints(a.key ?? '', b.key ?? '')
  })

export function breakdown(
  all: readonly Rec[],
  workspaceId: string,
  by: Dimension,
  w: Window = {},
  keep: Keep = () => true,
) {
  const employees = new Map(byType(all, 'employee').map((e) => [e.id as string, e]))
  const groups = new Map(byType(all, 'group').map((g) => [g.id as string, g]))
  const rows = [...cells(all, workspaceId, by, keep)].map(([key, cell]) => {
    let name: string | null = null
    if (key !== null)
      name =
        by === 'manager'
          ? ((employees.get(key)?.name as string | null) ?? null)
          : by === 'group'
            ? ((groups.get(key)?.name as string) ?? null)
            : key
    return rowOver(all, workspaceId, w, key, name, cell)
  })
  return inOrder(rows)
}

/**
 * The breakdown as an aggregate key with minimum group size `min` sees it (CONTRACT 19, amended
 * 2026-12-01), written from the rule's words: cells below min merged into the null row; while the
 * null row holds at least one and fewer than min members, the smallest other row too; by group,
 * while two rows (the null row once it has members) differ by at least one and fewer than min
 * members, the smaller of such a pair (never the null row), the smallest over all pairs, and the
 * rules again. Its figures over its members each once, every figure null while it stays below;
 * each figure over a narrower set of a row's members (with a karma, attacked, compromised) null
 * when that set is below min; by manager, the key the manager's pseudonym and no name.
 */
export function aggregateBreakdown(
  all: readonly Rec[],
  workspaceId: string,
  by: Dimension,
  min: number,
  pseudonymOf: (id: string) => string,
  w: Window = {},
  keep: Keep = () => true,
) {
  const shown = new Map<string | null, string | null>()
  const named = new Map(breakdown(all, workspaceId, by).map((r) => [r.key, r.name]))
  const all_cells = [...cells(all, workspaceId, by, keep)]
  for (const [key] of all_cells) shown.set(key, key === null || by !== 'manager' ? key : pseudonymOf(key))
  type Cell = (typeof all_cells)[number]
  const none = all_cells.find(([key]) => key === null)?.[1]
  const keyed = all_cells.filter(([key]) => key !== null)
  const merged = keyed.filter(([, cell]) => cell.length < min)
  // Smallest first: employees_count, then the greater key as shown.
  const smaller = (a: Cell, b: Cell) =>
    a[1].length - b[1].length || codePoints(shown.get(b[0]) as string, shown.get(a[0]) as string)
  const others = keyed.filter(([, cell]) => cell.length >= min).sort(smaller)
  const union = () => {
    const members = new Map<string, Rec>()
    for (const [, cell] of [...merged, ...(none ? [[null, none] as const] : [])])
      for (const e of cell) members.set(e.id as string, e)
    return [...members.values()]
  }
  const ids = (cell: readonly Rec[]) => new Set(cell.map((e) => e.id as string))
  const differ = (a: readonly Rec[], b: readonly Rec[]) => {
    const [x, y] = [ids(a), ids(b)]
    return [...x].filter((id) => !y.has(id)).length + [...y].filter((id) => !x.has(id)).length
  }
  for (;;) {
    while (union().length >= 1 && union().length < min && others.length > 0)
      merged.push(others.shift() as Cell)
    if (by !== 'group') break
    const rows: (Cell | [null, Rec[]])[] = [
      ...others,
      ...(union().length > 0 ? [[null, union()] as [null, Rec[]]] : []),
    ]
    const chosen: Cell[] = []
    for (const a of rows)
      for (const b of rows) {
        if (a === b || a[0] === null) continue
        const d = differ(a[1], b[1])
        if (d < 1 || d >= min) continue
        // The smaller of the pair, never the null row.
        chosen.push(b[0] === null || smaller(a as Cell, b as Cell) <= 0 ? (a as Cell) : (b as Cell))
      }
    const next = chosen.sort(smaller)[0]
    if (next === undefined) break
    others.splice(others.indexOf(next), 1)
    merged.push(next)
  }
  const attacks = sentAttacks(all, workspaceId, w)
  const compromised = new Set(
    byType(all, 'compromised_employee')
      .filter((c) => c.workspace_id === workspaceId)
      .map((c) => c.employee_id as string),
  )
  /** Each figure over a narrower set of the row's members, null below min. */
  const narrowed = (row: Row, cell: readonly Rec[]): Row => {
    const withKarma = cell.filter((e) => e.karma !== null).length
    const attacked = cell.filter((e) => (attacks.get(e.id as string) ?? []).length > 0).length
    const hit = cell.filter((e) => compromised.has(e.id as string)).length
    return {
      ...row,
      average_karma_score: withKarma < min ? null : row.average_karma_score,
      vulnerability_rate: attacked < min ? null : row.vulnerability_rate,
      reporting_rate: attacked < min ? null : row.reporting_rate,
      unacknowledged_employees_count: hit < min ? null : row.unacknowledged_employees_count,
    } as unknown as Row
  }
  const rows: Row[] = others.map(([key, cell]) =>
    narrowed(
      rowOver(
        all,
        workspaceId,
        w,
        shown.get(key) ?? null,
        by === 'manager' ? null : (named.get(key) ?? null),
        cell,
      ),
      cell,
    ),
  )
  if (merged.length > 0 || none !== undefined) {
    const members = union()
    const row = rowOver(all, workspaceId, w, null, null, members)
    rows.push(
      members.length >= min
        ? narrowed(row, members)
        : (Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? null : v]),
          ) as unknown as Row),
    )
  }
  return inOrder(rows)
}

/** A member's sent attacks of the window counted: all of them, tricked, reported. */
function counts(mine: readonly AttackFacts[]) {
  return {
    attacks_count: mine.length,
    tricked_count: mine.filter((a) => a.tricked_at !== null).length,
    reported_count: mine.filter((a) => a.reported_at !== null).length,
  }
}

const latest = (values: readonly (string | null)[]) =>
  values
    .filter((v): v is string => v !== null)
    .sort()
    .at(-1) ?? null

export function repeatOffenders(all: readonly Rec[], workspaceId: string, minTricked = 2, w: Window = {}) {
  const attacks = sentAttacks(all, workspaceId, w)
  return members(all, workspaceId).flatMap((e) => {
    const mine = attacks.get(e.id as string) ?? []
    const c = counts(mine)
    if (c.tricked_count < minTricked) return []
    return [
      {
        employee: reference(e),
        karma: e.karma,
        ...c,
        last_tricked_at: latest(mine.map((a) => a.tricked_at)),
      },
    ]
  })
}

export function simulationCoverage(
  all: readonly Rec[],
  workspaceId: string,
  attacked?: boolean,
  w: Window = {},
) {
  const attacks = sentAttacks(all, workspaceId, w)
  return members(all, workspaceId)
    .map((e) => {
      const mine = attacks.get(e.id as string) ?? []
      return { employee: reference(e), ...counts(mine), last_attacked_at: latest(mine.map((a) => a.sent_at)) }
    })
    .filter((row) => attacked === undefined || row.attacks_count > 0 === attacked)
}

export function trainingCoverage(all: readonly Rec[], workspaceId: string, missed?: boolean) {
  return members(all, workspaceId)
    .map((e) => {
      const entries = progressOf(all, e.id as string)
      const status = (s: string | null) => entries.filter((p) => p.status === s).length
      return {
        employee: reference(e),
        courses_count: entries.length,
        completed_count: status('completed'),
        missed_count: status('missed'),
        upcoming_count: status('upcoming'),
        not_started_count: status(null),
        last_completed_at: latest(
          entries.flatMap((p) => (p.years as { completed_at: string | null }[]).map((y) => y.completed_at)),
        ),
      }
    })
    .filter((row) => missed === undefined || row.missed_count > 0 === missed)
}
