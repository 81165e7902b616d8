import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import Type from 'typebox'
import { grantWorkspace } from '../../access.js'
import type { Database } from '../../db/tables.js'
import { eventIdMillis } from '../../domain/event-ids.js'
import { type ApiError, apiError } from '../../errors.js'
import { EVENT_LIMITS } from '../../paging/paging.js'
import { notModified } from '../../routing/conditional.js'
import { readListRequest, sendPage } from '../../routing/operation.js'
import { param, parameters } from '../../routing/parameters.js'
import { dataOf, LIST_ORDER_NOTE, listHeaders, ref, workspaceId } from '../../routing/schemas.js'
import { eventPosition, listEvents, oldestEvent } from './queries.js'

const queryOf = (types: readonly string[]) =>
  parameters({
    workspace_id: workspaceId,
    type: param.enumList(types, 'Keeps only events of these types.'),
    after: {
      ...param.uuid(
        'The id of the last event the client handled: the feed resumes after it. An id older than the retention is a ' +
          '410 event_expired; one that names no event of this workspace is a 422.',
      ),
      required: false,
    },
  })

/**
 * `after` names no event of the workspace: 410 when its time is before the oldest event kept (it
 * was pruned, or would have been), else 422, the same for an id of another workspace or none.
 */
async function unknownPosition(db: Kysely<Database>, after: string, retentionMs: number): Promise<ApiError> {
  const ms = eventIdMillis(after)
  const oldest = await oldestEvent(db)
  const horizon = oldest === null ? Date.now() - retentionMs : Date.parse(oldest.created_at)
  if (ms !== null && ms < horizon) {
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

/** GET /v1/events, its `type` one of `types`. */
export async function eventRoutes(app: FastifyInstance, types: readonly string[]): Promise<void> {
  const query = queryOf(types)
  app.get(
    '/v1/events',
    {
      config: { scope: 'events:read' },
      schema: {
        operationId: 'listEvents',
        summary: 'Follow what changed in a workspace: the events feed',
        description:
          'Oldest first (the one list in ascending order: it is a feed), in the order events were recorded. Every ' +
          'import that changes data records one event per resource it creates, changes or deletes, derived changes ' +
          "included (a breach that becomes resolved, a manager's rename in its reports, a course's rename in the progress " +
          "items that embed it); course_progress.updated is about an employee's entries, never the employee's own fields " +
          '(those are employee.updated). Resume later with after= ' +
          'the id of the last event handled. Events are kept for the retention (EVENTS_RETENTION, default 30 days). ' +
          `${LIST_ORDER_NOTE} Scope: events:read.`,
        querystring: query.schema,
        headers: listHeaders(EVENT_LIMITS),
        response: { 200: dataOf(Type.Array(ref('Event'))) },
      },
    },
    async (request, reply) => {
      const list = readListRequest(request, 'events', query, EVENT_LIMITS, (q) => [
        q.workspace_id,
        q.type ?? null,
        q.after ?? null,
      ])
      const { workspace_id, type, after } = list.query
      const db = app.api.db
      const grant = await grantWorkspace(db, request.key, workspace_id)
      let position = list.position
      if (position === null && after !== undefined) {
        position = await eventPosition(db, grant, after)
        if (position === null) throw await unknownPosition(db, after, app.api.eventsRetentionMs)
      }
      if (await notModified(request, reply)) return reply
      return sendPage(reply, list, await listEvents(db, grant, type, position, list.limit))
    },
  )
}
