// What every Detection Finding of ours shares: its activity follows the change of what it is about.

import type { FeedEvent } from './render.js'
import { changeOf } from './render.js'

/** Create, Update, or Close for a deletion (the finding's status then says Deleted). */
export function findingActivity(event: FeedEvent): 1 | 2 | 3 {
  const change = changeOf(event)
  return change === 'created' ? 1 : change === 'updated' ? 2 : 3
}
