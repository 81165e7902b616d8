// An employee's stored JSON embeds its manager's reference. The rest of the employee (the fragments
// around that slot) is not stored: staging holds it while an import renders. These are the SQL
// expressions that work on the slot in place.
//
// The slot is found by text: the stored JSON is `head + slot + tail`, where head ends with
// `,"manager":` and tail starts with `,"workspace":`. Each marker occurs exactly once in the
// JSON: no other object of an employee has such a key, and inside a string value every `"` is
// escaped, so `,"` cannot occur there.

import { sql } from 'kysely'
import type { WriteSession } from '../../db/write-session.js'
import { slotBetween } from '../../records/slots.js'
import type { ChangedRecords } from '../../records/spec.js'

const HEAD_END = ',"manager":'
const TAIL_START = ',"workspace":'

/**
 * True when the stored JSON `stored` is `head + (any slot) + tail`: the employee's own fields are
 * as staged, whatever its manager's reference says. Exact, because each marker occurs once.
 */
export function sameAroundSlot(stored: string, head: string, tail: string): string {
  return `case when length(${stored}) >= length(${head}) + length(${tail})
    then substr(${stored}, 1, length(${head})) = ${head}
      and substr(${stored}, length(${stored}) - length(${tail}) + 1) = ${tail}
    else false end`
}

/** Where an employee's stored JSON holds their manager's reference. */
export const MANAGER_SLOT = slotBetween(HEAD_END, TAIL_START)

/**
 * The stored JSON of a staged employee, merged: its manager's reference from the file when it is
 * there (`stg_manager_ref`, filled before the merge: ./import.ts), else from the database (the
 * checks guarantee one of them).
 */
export const MERGED_JSON = `stg_employee.json_head || coalesce(
        (select x.ref_json from stg_manager_ref x where x.id = stg_employee.manager_id),
        (select m.ref_json from employees m where m.id = stg_employee.manager_id),
        'null') || stg_employee.json_tail`

/**
 * Employees whose manager's reference changed hold the old one in their stored JSON: the new one is
 * put in its slot. Runs after the merge; the employees merged render theirs then, and the others
 * are found among the reports of changed managers by their slot differing from the reference.
 * After a first import (the table was empty) every slot was rendered by the merge.
 */
export async function renderStaleReports(session: WriteSession, changed: ChangedRecords): Promise<void> {
  if (changed.state('employee') === 'all') return
  // Only a changed manager can have a new reference: an unchanged one's is in its reports already.
  const reference = '(select m.ref_json from employees m where m.id = employees.manager_id)'
  await session.exec(
    sql.raw(`update employees set json = ${MANAGER_SLOT.withValue(session.dialect, 'json', reference)}
      where (workspace_id, manager_id) in (select workspace_id, id from stg_employee where ${changed.whereStored('employee')})
        and ${MANAGER_SLOT.text(session.dialect, 'json')} <> ${reference}`),
  )
}
