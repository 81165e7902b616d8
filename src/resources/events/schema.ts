// The event object (CONTRACT 14): what changed, as the changed resource's own GET renders it.

import Type from 'typebox'
import { EVENT_TYPES } from '../../domain/values.js'
import { ref } from '../../routing/schemas.js'
import { Closed, StringEnum, Timestamp, Uuid } from '../../schemas/common.js'

export const Event = Closed(
  {
    id: Type.String({
      format: 'uuid',
      description: 'A UUIDv7: ids increase in the order events were recorded.',
    }),
    type: StringEnum(EVENT_TYPES),
    created_at: Timestamp,
    workspace_id: Uuid,
    data: Closed({
      object: Type.Union(
        [
          ref('Employee'),
          ref('Course'),
          ref('EmployeeCourseProgress'),
          ref('Breach'),
          ref('CompromisedEmployeeChange'),
        ],
        {
          description:
            'The resource exactly as its GET renders it (for *.deleted, its last rendering): employee.* an Employee, ' +
            'course.* a Course, course_progress.updated an item of employees_progress, breach.* a Breach in the ' +
            'workspace, compromised_employee.* an item of compromised-employees plus "breach": {"id"}.',
        },
      ),
      previous_attributes: Type.Optional(
        Type.Record(Type.String(), Type.Unknown(), {
          description:
            'Only on *.updated: the top-level fields of object that changed, with their values before.',
        }),
      ),
    }),
  },
  { $id: 'Event' },
)

export type Event = Type.Static<typeof Event>
