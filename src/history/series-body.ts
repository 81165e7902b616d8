// A series' response body written straight into bytes: each point is its period's start and end,
// then the fields of the answer it holds, whose bytes are encoded once however many periods hold it.

import { pageBuffers } from '../paging/page-buffers.js'
import type { Period } from './periods.js'

/** What follows a point's period: the fields of `answer` (a JSON object's text) and its closing brace. */
export function pointTail(answer: string): Buffer {
  return Buffer.from(answer.length > 2 ? `,${answer.slice(1)}` : '}')
}

const HEAD = '{"data":['
const START = '{"start":"'
const END = '","end":"'

/** A series' bytes, and what gives its buffer back once they are sent. */
export interface SeriesBody {
  body: Buffer
  release(): void
}

/**
 * `{"data":[…]}`: for each period, `{"start":…,"end":…` then `tails[i]`; written into a buffer of a
 * page or series already sent (paging/page-buffers.ts), as a fresh one per series pushes a loaded
 * server into full collections.
 */
export function seriesBody(periods: readonly Period[], tails: readonly Buffer[]): SeriesBody {
  let size = HEAD.length + 2 + Math.max(0, periods.length - 1)
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i] as Period
    size += START.length + p.start.length + END.length + p.end.length + 1 + (tails[i] as Buffer).length
  }
  const out = pageBuffers.take(size)
  let at = out.write(HEAD, 0, 'latin1')
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i] as Period
    if (i > 0) out[at++] = 0x2c // ,
    // Timestamps are ASCII: latin1 writes them as UTF-8 would, without its encoder.
    at += out.write(`${START}${p.start}${END}${p.end}"`, at, 'latin1')
    const tail = tails[i] as Buffer
    out.set(tail, at)
    at += tail.length
  }
  at += out.write(']}', at, 'latin1')
  return { body: out.subarray(0, at), release: () => pageBuffers.give(out) }
}
