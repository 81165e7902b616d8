// group.* in OCSF (docs/ocsf.md): a group is managed (Entity Management), its entity an OCSF group.

import { entityManagement } from '../../ocsf/entity.js'
import { compact } from '../../ocsf/render.js'

export const groupOcsf = entityManagement('Group', (group) => ({
  type_id: 3,
  group: compact({ uid: group.id, name: group.name, desc: group.description }),
}))
