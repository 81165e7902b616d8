// Groups of employees and their members, as the API publishes them (CONTRACT 15).

import Type from 'typebox'
import type { NotFound } from '../../errors.js'
import { statePoint } from '../../history/points.js'
import { Text } from '../../records/fields.js'
import { derivedAtImport, importedAs } from '../../records/published.js'
import { Closed, count, Nullable, Timestamp, Uuid } from '../../schemas/common.js'
import { figure, plain } from '../../schemas/disclosure.js'
import { EmployeeReference, KARMA_SCORED } from '../employees/schema.js'

export const Group = Closed(
  {
    id: plain(Uuid),
    name: plain(Type.String()),
    description: plain(importedAs(Nullable(Type.String()), Nullable(Text(20000)))),
    employees_count: plain(
      derivedAtImport(Type.Integer({ minimum: 0, description: 'How many employees the group holds.' })),
    ),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
  },
  { $id: 'Group' },
)

export const GroupMember = Closed(
  {
    ...EmployeeReference.properties,
    added_at: plain(Timestamp),
  },
  { $id: 'GroupMember', description: 'An employee reference, and when the employee joined the group.' },
)

export const GroupKarmaPoint = statePoint(
  {
    employees_count: figure(count('How many employees the group held.')),
    average_karma_score: figure(
      Nullable(
        Type.Integer({
          minimum: 0,
          description:
            "The mean karma score of the group's active employees that had a karma, rounded half up; null when none had.",
        }),
      ),
      KARMA_SCORED,
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
