// The key's organization and its workspaces, as the API publishes them (SPEC.md, CONTRACT 1 and 2).

import Type from 'typebox'
import { Closed, Timestamp, Uuid } from '../../schemas/common.js'

export const Organization = Closed(
  {
    id: Uuid,
    created_at: Timestamp,
    updated_at: Timestamp,
    workspaces: Type.Array(
      Closed({ id: Uuid, name: Type.String(), created_at: Timestamp, updated_at: Timestamp }),
    ),
  },
  { $id: 'Organization' },
)

export type Organization = Type.Static<typeof Organization>
