// A resource that is only managed (created, changed, deleted), with no security meaning of its own:
// an Entity Management event whose entity carries the resource whole in `data`.

import { ENTITY_MANAGEMENT, SEVERITY } from './classes.js'
import { changeOf, compact, type FeedEvent, type OcsfMapping } from './render.js'

const ACTIVITIES = { created: 1, updated: 3, deleted: 4 } as const

/**
 * The mapping of `<resource>.created|updated|deleted` as Entity Management; `type` names the
 * entity's kind (`Course`), `entity` adds class attributes of the entity (a group's `group`).
 */
export function entityManagement(
  type: string,
  entity: (object: Record<string, unknown>) => Record<string, unknown> = () => ({}),
): OcsfMapping {
  return (event: FeedEvent) => {
    const object = event.data.object as Record<string, unknown> & { id: string; name?: string | null }
    const change = changeOf(event)
    return {
      class: ENTITY_MANAGEMENT,
      activity: ACTIVITIES[change],
      severity: SEVERITY.informational,
      message: `${type} ${object.name ?? object.id} ${change}`,
      attributes: {
        entity: compact({ uid: object.id, name: object.name, type, ...entity(object), data: object }),
      },
    }
  }
}
