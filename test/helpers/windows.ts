// Rate-limit windows are aligned to the clock (CONTRACT 9), so a test that counts requests against
// a budget fails when a window ends between its requests; it starts early in a window instead.

import { setTimeout as sleep } from 'node:timers/promises'

/** Waits, when the current window of `windowSeconds` ends within `marginMs`, for the next one. */
export async function clearOfWindowEnd(windowSeconds: number, marginMs = 2000): Promise<void> {
  const windowMs = windowSeconds * 1000
  const left = windowMs - (Date.now() % windowMs)
  if (left < marginMs) await sleep(left + 20)
}
