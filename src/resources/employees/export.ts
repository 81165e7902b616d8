import { rowPerItem } from '../export.js'
import { Employee } from './schema.js'

export const EMPLOYEE_EXPORTS = [
  rowPerItem(
    { name: 'employees', nouns: ['employee', 'employees'], path: '/v1/employees', pageSize: 100 },
    Employee,
  ),
]
