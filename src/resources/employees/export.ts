import { DRILL_DOWN_EXPORT_FILTERS } from '../drill-down.js'
import { type ImportRecord, rowPerItem } from '../export.js'
import { Employee } from './schema.js'

/** An employee's record: its manager by id, its primary address left to be derived again. */
function employeeRecord(e: Employee): ImportRecord[] {
  const { primary_email_address: _derived, ...fields } = e
  return [{ type: 'employee', ...fields, manager: e.manager === null ? null : { id: e.manager.id } }]
}

export const EMPLOYEE_EXPORTS = [
  {
    ...rowPerItem(
      {
        name: 'employees',
        nouns: ['employee', 'employees'],
        path: '/v1/employees',
        pageSize: 100,
        filters: DRILL_DOWN_EXPORT_FILTERS,
        note: '`--department`, `--country-code`, `--group`, `--manager`, `--manager-tree`',
      },
      Employee,
    ),
    records: { types: ['employee'], of: employeeRecord },
  },
]
