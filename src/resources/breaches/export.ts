import { rowPerItem } from '../export.js'
import { Breach, CompromisedEmployee } from './schema.js'

export const BREACH_EXPORTS = [
  rowPerItem(
    { name: 'breaches', nouns: ['breach', 'breaches'], path: '/v1/breaches', pageSize: 100 },
    Breach,
  ),
  rowPerItem(
    {
      name: 'compromised',
      nouns: ['compromised employee', 'compromised employees'],
      path: '/v1/breaches/{breach_id}/compromised-employees',
      note: '`--breach ID`',
      pageSize: 100,
    },
    CompromisedEmployee,
  ),
]
