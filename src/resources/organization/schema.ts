// The key's organization and its workspaces, as the API publishes them (SPEC.md, CONTRACT 1 and 2).

import Type from 'typebox'
import { Closed, Timestamp, Uuid } from '../../schemas/common.js'
import { plain } from '../../schemas/disclosure.js'

export const Organization = Closed(
  {
    id: plain(Uuid),
    created_at: plain(Timestamp),
    updated_at: plain(Timestamp),
    workspaces: Type.Array(
      Closed({
        id: plain(Uuid),
        name: plain(Type.String()),
        created_at: plain(Timestamp),
        updated_at: plain(Timestamp),
      }),
    ),
  },
  { $id: 'Organization' },
)

export type Organization = Type.Static<typeof Organization>
