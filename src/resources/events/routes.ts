import type { FastifyInstance } from 'fastify'
import { eventIdMillis } from '../../domain/event-ids.js'
import { type ApiError, apiError } from '../../errors.js'
import type { FeedEvent } from '../../ocsf/render.js'
import { EVENT_LIMITS } from '../../paging/paging.js'
import type { People } from '../../privacy/people.js'
import { defineList, listRoute } from '../../routing/list.js'
import { type ParamDef, param } from '../../routing/parameters.js'
import { workspaceId } from '../../routing/schemas.js'
import type { OcsfRenderer } from './ocsf.js'
import { EVENTS_READ } from './scopes.js'
import { EVENT_SQL } from './sql.js'

export const EVENT_FORMATS = ['json', 'ocsf'] as const

const parametersOf = (types: readonly string[]) => ({
  workspace_id: workspaceId,
  type: param.enumList(types, 'Keeps only events of these types.'),
  after: {
    ...param.uuid(
      'The id of the last event the client handled: the feed resumes after it. An id older than the retention is a ' +
        '410 event_expired; one that names no event of this workspace is a 422.',
    ),
    required: false,
  } as ParamDef<string, false>,
  format: param.choice(
    EVENT_FORMATS,
    'json: the events as below (Event); ocsf: each event rendered as an OCSF 1.8.0 event (OcsfEvent), its class ' +
      'chosen by its type (docs/ocsf.md). Paging, after= and isolation are the same.',
  ),
})

/**
 * `after` names no event of the workspace: 410 when its time is before the retention cutoff (now
 * less EVENTS_RETENTION: it was pruned, or would have been), else 422, the same for an id of
 * another workspace or none. The cutoff is the same for every organization: nothing of another
 * organization's events moves it.
 */
function unknownPosition(after: string, retentionMs: number): ApiError {
  const ms = eventIdMillis(after)
  if (ms !== null && ms < Date.now() - retentionMs) {
    return apiError(
      'event_expired',
      'This position is older than the events kept: read the resources again in full, then follow the feed from its start.',
      { parameter: 'after' },
    )
  }
  return apiError('invalid_parameter', 'after must be the id of an event of this workspace', {
    parameter: 'after',
  })
}

const decoder = new TextDecoder()

/** A page's document `{"data":[…]}` with each event rendered in OCSF. */
function ocsfPage(document: Uint8Array | string, organizationId: string, render: OcsfRenderer): string {
  const page = JSON.parse(typeof document === 'string' ? document : decoder.decode(document)) as {
    data: FeedEvent[]
  }
  return JSON.stringify({ data: page.data.map((event) => render(event, organizationId)) })
}

/** GET /v1/events, its `type` one of `types`. */
export async function eventRoutes(
  app: FastifyInstance,
  types: readonly string[],
  render: OcsfRenderer,
  people: People,
): Promise<void> {
  listRoute(
    app,
    defineList({
      operationId: 'listEvents',
      path: '/v1/events',
      summary: 'Follow what changed in a workspace: the events feed',
      description:
        'Oldest first (the one list in ascending order: it is a feed), in the order of their ids. Every ' +
        'import that changes data records one event per resource it creates, changes or deletes, derived changes ' +
        "included (a breach that becomes resolved, a manager's rename in its reports, a course's rename in the progress " +
        "items that embed it); course_progress.updated is about an employee's entries, never the employee's own fields " +
        '(those are employee.updated). Resume later with after= ' +
        'the id of the last event handled. Events are kept for the retention (EVENTS_RETENTION, default 30 days). A ' +
        "pseudonymous key's previous_attributes never name a field it sees emptied, and an update of nothing else is " +
        'not in its feed (a page may then hold fewer events than its limit, and still a next one).',
      scope: EVENTS_READ.scope,
      parameters: parametersOf(types),
      limits: EVENT_LIMITS,
      item: 'Event',
      rows: EVENT_SQL.listPage,
      // An event's object is the one its type names; an employee.deleted names one no longer kept.
      people: { walk: () => people, departed: true },
      representation: {
        parameter: 'format',
        item: 'OcsfEvent',
        render: (format, document, grant) =>
          format === 'ocsf' ? ocsfPage(document, grant.organizationId, render) : document,
      },
      start: {
        parameter: 'after',
        async position(api, from, after) {
          const position = await EVENT_SQL.position(from, after)
          if (position === null) throw unknownPosition(after, api.eventsRetentionMs)
          return position
        },
      },
    }),
  )
}
