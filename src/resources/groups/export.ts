import { rowPerItem } from '../export.js'
import { Group } from './schema.js'

export const GROUP_EXPORTS = [
  rowPerItem({ name: 'groups', nouns: ['group', 'groups'], path: '/v1/groups', pageSize: 100 }, Group),
]
