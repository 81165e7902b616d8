import { publishedRecordOf } from '../../records/published.js'
import { rowPerItem } from '../export.js'
import { Breach, CompromisedEmployee } from './schema.js'

const COMPROMISED = '/v1/breaches/{breach_id}/compromised-employees'
const breachRecord = publishedRecordOf('breach', Breach)

/** A compromised employee's record: the breach and the employee by id, as the workspace knows them. */
const compromisedRecord = (c: CompromisedEmployee, breachId: string, workspaceId: string) => [
  {
    type: 'compromised_employee',
    workspace_id: workspaceId,
    breach_id: breachId,
    employee_id: c.employee.id,
    compromised_at: c.compromised_at,
    warned_at: c.warned_at,
    acknowledged_at: c.acknowledged_at,
    breached_accounts: c.breached_accounts,
  },
]

export const BREACH_EXPORTS = [
  {
    ...rowPerItem(
      { name: 'breaches', nouns: ['breach', 'breaches'], path: '/v1/breaches', pageSize: 100 },
      Breach,
    ),
    records: {
      types: ['breach', 'compromised_employee'],
      of: (b: Breach, workspaceId: string) => [breachRecord({ workspace_id: workspaceId }, b)],
      children: { path: COMPROMISED, id: 'breach', pageSize: 100, of: compromisedRecord },
    },
  },
  rowPerItem(
    {
      name: 'compromised',
      nouns: ['compromised employee', 'compromised employees'],
      path: COMPROMISED,
      note: '`--breach ID`',
      pageSize: 100,
    },
    CompromisedEmployee,
  ),
]
