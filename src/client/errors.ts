/** The API answered with an error (CONTRACT 8): status, code, detail and the request id. */
export class AwarenessApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly requestId: string | null,
    /** Every error entry of the answer (several for several invalid parameters). */
    readonly errors: readonly {
      status: string
      code: string
      title: string
      detail: string
      source: object
    }[],
  ) {
    super(`${status} ${code}: ${detail}${requestId ? ` (request ${requestId})` : ''}`)
    this.name = 'AwarenessApiError'
  }
}

/** The API could not be reached, or did not answer in time, after every retry. */
export class AwarenessNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AwarenessNetworkError'
  }
}
