// Groups of employees and their members, as the API publishes them (CONTRACT 15).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { statePoint } from '../../history/points.js'
import { Text } from '../../records/fields.js'
import { derivedAtImport, importedAs } from '../../records/published.js'
import { Closed, count, Nullable, Timestamp, Uuid } from '../../schemas/common.js'
import { EmployeeReference } from '../employees/schema.js'

export const Group = Closed(
  {
    id: Uuid,
    name: Type.String(),
    description: importedAs(Nullable(Type.String()), Nullable(Text(20000))),
    employees_count: derivedAtImport(
      Type.Integer({ minimum: 0, description: 'How many employees the group holds.' }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Group' },
)

export const GroupMember = Closed(
  {
    ...EmployeeReference.properties,
    added_at: Timestamp,
  },
  { $id: 'GroupMember', description: 'An employee reference, and when the employee joined the group.' },
)

export const GroupKarmaPoint = statePoint(
  {
    employees_count: count('How many employees the group held.'),
    average_karma_score: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          "The mean karma score of the group's active employees that had a karma, rounded half up; null when none had.",
      }),
    ),
  },
  'GroupKarmaPoint',
  "The group's figures as the last import before the end of the period kept them; null before the group appeared.",
)

export type Group = Type.Static<typeof Group>
export type GroupMember = Type.Static<typeof GroupMember>

export const GROUP_NOT_FOUND: NotFound = {
  parameter: 'group_id',
  code: 'group_not_found',
  title: 'Group not found',
  detail: 'No group with this id in this workspace for this key.',
}
