// A full garbage collection, asked for when connections closed to free memory: the bytes an answer
// held are returned only once its Buffer is collected, and a process that has stopped working
// allocates nothing that would make V8 collect (so they would stay until the next busy moment).

import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | undefined

/** Runs a full collection (V8's `gc`, exposed once on first use). */
export function collectGarbage(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  collect()
}
