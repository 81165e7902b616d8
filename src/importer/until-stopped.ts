// Reading a source that may wait for input forever (stdin, a pipe nobody closes) until it is told to
// stop: the import's signal (SIGINT, SIGTERM), or the parser's own stop once an import is refused.

/**
 * The items of `source` until `signal` fires: the wait under way then ends at once, by throwing
 * `stopped()` or, without it, as the end of the items.
 */
export async function* untilStopped<T>(
  source: AsyncIterable<T>,
  signal: AbortSignal,
  stopped?: () => Error,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]()
  // One listener per wait, removed once the item is in: a race against one long-lived promise would
  // keep every item it ever saw (each race leaves a reaction on that promise).
  const next = () =>
    new Promise<IteratorResult<T, undefined>>((resolve, reject) => {
      const stop = () => (stopped ? reject(stopped()) : resolve({ done: true, value: undefined }))
      if (signal.aborted) return stop()
      signal.addEventListener('abort', stop, { once: true })
      iterator.next().then(
        (result) => {
          signal.removeEventListener('abort', stop)
          resolve(result)
        },
        (error: unknown) => {
          signal.removeEventListener('abort', stop)
          reject(error)
        },
      )
    })
  try {
    for (;;) {
      const result = await next()
      if (result.done) return
      yield result.value
    }
  } finally {
    // Not awaited: a source waiting for input (stdin) may settle only once its read does.
    iterator.return?.().catch(() => {})
  }
}
