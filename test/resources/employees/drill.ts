// The drill-down tests' dataset and oracle (CONTRACT 18, amended): A1's employees over departments
// (one name holding a comma) and countries, a tree of managers several levels deep with a line of
// one, groups here and elsewhere, and a campaign that tricks some of them again and again; whether
// an employee passes the filters, computed from the records alone.

import { sql } from 'kysely'
import type { TestApp } from '../../helpers/app.js'
import { type ApiDataset, apiDataset } from '../../helpers/dataset.js'
import type { Rec } from '../../helpers/records.js'
import { campaign, sentAttack } from '../campaigns/records.js'
import { group, groupMember } from '../groups/records.js'

export const DEPARTMENTS = ['Sales, EMEA', 'Sales', 'Engineering', 'R&D / Labs']
const COUNTRIES = ['DE', 'FR', 'US', 'ES']

export interface Drill {
  department?: string
  country_code?: string[]
  group_id?: string[]
  manager_id?: string
  manager_tree?: string
  status?: string[]
  karma_score_gte?: number
}

/**
 * A1's employees over departments and countries (every 11th with neither), a tree of managers
 * (each manages up to three later ones: four levels and more) and one manager of a line of one;
 * two groups in A1, one in A2 and one in the other organization.
 */
export function drillDataset(): ApiDataset & { groups: Rec[]; foreignGroups: Rec[]; lineOfOne: string } {
  const d = apiDataset(70)
  const a1 = d.employeesA1
  a1.forEach((e, i) => {
    const none = i % 11 === 0
    e.department = none ? null : { name: DEPARTMENTS[i % DEPARTMENTS.length] }
    e.country_code = none ? null : COUNTRIES[i % COUNTRIES.length]
    e.manager = i === 0 ? null : { id: a1[Math.floor((i - 1) / 3)]?.id }
  })
  // The last employee manages nobody; the one before them is moved to report to them alone.
  const last = a1[a1.length - 1] as Rec
  const beforeLast = a1[a1.length - 2] as Rec
  beforeLast.manager = { id: last.id }
  last.manager = { id: a1[5]?.id }
  const groups = [group(d.a1, { name: 'Pilot' }), group(d.a1, { name: 'Finance' })]
  const foreignGroups = [group(d.a2, { name: 'Elsewhere' }), group(d.b1, { name: 'Other organization' })]
  const members: Rec[] = []
  a1.forEach((e, i) => {
    if (i % 3 === 0) members.push(groupMember(groups[0]?.id as string, e.id as string))
    if (i % 4 === 1) members.push(groupMember(groups[1]?.id as string, e.id as string))
  })
  for (const e of d.employeesA2.slice(0, 5))
    members.push(groupMember(foreignGroups[0]?.id as string, e.id as string))
  members.push(groupMember(foreignGroups[1]?.id as string, d.foreignEmployee.id as string))
  d.all.push(...groups, ...foreignGroups, ...members)
  // Attacks that trick a third of them one to three times (repeat offenders, simulation coverage).
  const lure = campaign(d.a1, { name: 'Again and again' })
  d.all.push(lure)
  a1.forEach((e, i) => {
    if (i % 3 === 2) return
    for (let k = 0; k <= i % 3; k++)
      d.all.push(sentAttack(lure.id as string, e.id as string, ['employee_tricked']))
  })
  return { ...d, groups, foreignGroups, lineOfOne: last.id as string }
}

/** Whether an employee record passes the filters, from the records alone. */
export function oracleOf(records: readonly Rec[]) {
  const employees = new Map(records.filter((r) => r.type === 'employee').map((r) => [r.id as string, r]))
  const groupsOf = new Map<string, Set<string>>()
  for (const m of records.filter((r) => r.type === 'group_member')) {
    const set = groupsOf.get(m.employee_id as string) ?? new Set<string>()
    set.add(m.group_id as string)
    groupsOf.set(m.employee_id as string, set)
  }
  const managerOf = (id: string) =>
    ((employees.get(id)?.manager as { id: string } | null)?.id ?? null) as string | null
  const above = (id: string): Set<string> => {
    const line = new Set<string>()
    for (let m = managerOf(id); m !== null && !line.has(m); m = managerOf(m)) line.add(m)
    return line
  }
  return (e: Rec, f: Drill): boolean => {
    const id = e.id as string
    const department = (e.department as { name: string } | null)?.name ?? null
    if (f.department !== undefined && department !== f.department) return false
    if (f.country_code !== undefined && !f.country_code.includes(e.country_code as string)) return false
    if (f.group_id !== undefined && !f.group_id.some((g) => groupsOf.get(id)?.has(g))) return false
    if (f.manager_id !== undefined && managerOf(id) !== f.manager_id) return false
    if (f.manager_tree !== undefined && !above(id).has(f.manager_tree)) return false
    if (f.status !== undefined && !f.status.includes(e.status as string)) return false
    const karma = (e.karma as { score: number } | null)?.score
    if (f.karma_score_gte !== undefined && (karma === undefined || karma < f.karma_score_gte)) return false
    return true
  }
}

export const query = (f: Drill) =>
  Object.entries(f)
    .map(
      ([name, value]) =>
        `&${name}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`,
    )
    .join('')

/** Every employee's pseudonym, by real id, as the import kept them. */
export async function pseudonymsOf(t: TestApp): Promise<Map<string, string>> {
  const rows = (
    await sql<{ id: string; pseudonym: string }>`select id, pseudonym from employees_pseudonymous`.execute(
      t.db.handle.db,
    )
  ).rows
  return new Map(rows.map((r) => [r.id, r.pseudonym]))
}
