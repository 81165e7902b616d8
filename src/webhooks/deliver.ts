// One delivery attempt: `POST URL` with the event as the JSON body and the Standard Webhooks
// headers. Any answer but 2xx within the timeout is a failure; redirects are not followed.

import type { lookup as dnsLookup } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { checkUrlForm, guardedLookup } from './address-guard.js'
import { signatureHeaders } from './signing.js'

export const DELIVERY_TIMEOUT_MS = 10_000
/** What is kept of a failure's reason. */
const MAX_ERROR_LENGTH = 300

export interface Outcome {
  ok: boolean
  statusCode: number | null
  error: string | null
  /** Whether the body was handed to a connection (it may have been read, answered or not). */
  sent?: boolean
}

export interface DeliveryRequest {
  url: string
  secret: string
  id: string
  body: string
  allowPrivate: boolean
  timeoutMs?: number
  /** The DNS lookup under the address check (tests give their own). */
  resolve?: typeof dnsLookup
}

/** Where a redirect points, as its host only: its path or query may carry a token. */
function redirectHost(location: string | undefined, from: URL): string {
  if (location === undefined) return '(no Location)'
  try {
    return new URL(location, from).hostname
  } catch {
    return '(a malformed Location)'
  }
}

/** Sends one attempt; never throws. */
export function deliver(request: DeliveryRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    let sent = false
    const fail = (error: string, statusCode: number | null = null) =>
      resolve({ ok: false, statusCode, error: error.slice(0, MAX_ERROR_LENGTH), sent })
    let url: URL
    try {
      url = checkUrlForm(request.url, request.allowPrivate)
    } catch (error) {
      return fail((error as Error).message)
    }
    const headers = {
      ...signatureHeaders(request.secret, request.id, Math.floor(Date.now() / 1000), request.body),
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(request.body)),
      'user-agent': 'awareness-api-webhooks',
    }
    const transport = url.protocol === 'https:' ? https : http
    const outgoing = transport.request(url, {
      method: 'POST',
      headers,
      timeout: request.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      ...(request.allowPrivate ? {} : { lookup: guardedLookup(request.resolve) }),
    })
    const deadline = setTimeout(
      () => outgoing.destroy(new Error('no answer within the timeout')),
      request.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within the timeout')))
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline)
      fail(
        error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message,
      )
    })
    outgoing.on('response', (response) => {
      clearTimeout(deadline)
      const status = response.statusCode ?? 0
      // The body is not needed; reading it frees the socket.
      response.resume()
      if (status >= 200 && status < 300) resolve({ ok: true, statusCode: status, error: null, sent: true })
      else
        fail(
          status >= 300 && status < 400
            ? `redirect to ${redirectHost(response.headers.location, url)} not followed`
            : `HTTP ${status}`,
          status,
        )
    })
    // The body is in the connection's hands: the receiver may have it (CONTRACT 20 records it).
    outgoing.on('finish', () => {
      sent = true
    })
    outgoing.end(request.body)
  })
}
