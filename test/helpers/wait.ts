// How a test waits: for a condition, checked often, with a generous bound that only a broken build
// reaches (a busy machine makes the condition late, never a test wrong). A test that waits for time
// itself (a deadline, a stall, a window) says so with `elapse`.

import { setTimeout as sleep } from 'node:timers/promises'

export interface WaitOptions {
  /** How long the condition may take before the test fails (default 30 s). */
  ms?: number
  /** How often it is checked (default 20 ms). */
  every?: number
}

/**
 * Waits until `condition` returns a value other than false, null or undefined, and returns it;
 * fails naming `what` if it has not after `ms`.
 */
export async function waitFor<T>(
  what: string,
  condition: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  { ms = 30_000, every = 20 }: WaitOptions = {},
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await condition()
    if (value !== false && value !== null && value !== undefined) return value
    if (Date.now() >= end) throw new Error(`waited ${ms} ms for ${what}`)
    await sleep(every)
  }
}

/** Checks `condition` every 10 ms until it holds or `ms` have passed; whether it held. */
export async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end; ) await sleep(10)
  return condition()
}

/** Lets `ms` of time pass, when time is what the test is about (`why` says which rule). */
export async function elapse(ms: number, _why: string): Promise<void> {
  await sleep(Math.max(0, ms))
}
