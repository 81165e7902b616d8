// Every resource of the API, in the order an import writes them: parents before children (events,
// which the import records last, at the end).

import type { RecordSpec } from '../records/spec.js'
import { breaches } from './breaches/index.js'
import { courses } from './courses/index.js'
import { employees } from './employees/index.js'
import { events } from './events/index.js'
import { organization } from './organization/index.js'

export const RESOURCES = [organization, employees, courses, breaches, events] as const

type TypeOf<S> = S extends RecordSpec<infer T> ? T : never
/** Every import record type: `employee`, `course_progress`, … */
export type RecordType = TypeOf<(typeof RESOURCES)[number]['records'][number]>

/** Every import record type's spec, parents before children. */
export const RECORDS: readonly RecordSpec<RecordType>[] = RESOURCES.flatMap(
  (resource): readonly RecordSpec<RecordType>[] => resource.records,
)
