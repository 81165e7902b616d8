// Answers for requests that never reach Fastify: Node refuses them while reading (malformed bytes,
// an unknown method token, headers over 16 KiB, headers or body too slow), or hands them over as a
// tunnel (CONNECT). Every client that opened a connection still gets the contract's error shape
// (CONTRACT 8), written straight to the socket, and the connection is closed.

import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { type ApiError, apiError, errorBody } from '../errors.js'
import { commonHeaders } from './headers.js'

/** A complete HTTP/1.1 response carrying `error`, closing the connection. */
export function rawAnswer(error: ApiError): string {
  const id = randomUUID()
  const body = JSON.stringify(errorBody(error, id))
  const headers = {
    ...commonHeaders(id),
    ...error.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${lines.join('')}\r\n${body}`
}

/** The answer to a request Node could not read (its `clientError` event). */
export function clientErrorAnswer(code: string | undefined): ApiError | null {
  switch (code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return null // the client is gone: nobody to answer
    case 'HPE_HEADER_OVERFLOW':
      return apiError('request_header_too_large', 'The request headers exceed 16 KiB.')
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiError('request_timeout', 'The request did not arrive in time (30 s for headers and body).')
    case 'HPE_INVALID_METHOD':
      return apiError('malformed_request', 'The request method is not an HTTP method this server knows.')
    default:
      return apiError('malformed_request', 'The request is not well-formed HTTP.')
  }
}

/** Writes `error` to a socket Fastify never saw, and closes it. */
export function answerSocket(socket: Duplex, error: ApiError): void {
  if (socket.writable) socket.end(rawAnswer(error))
  else socket.destroy()
}

/** CONNECT asks for a tunnel; this read-only API offers none (405, like any other method). */
export const CONNECT_REFUSED = () =>
  apiError(
    'method_not_allowed',
    'This API is read-only: CONNECT is not allowed here.',
    {},
    { allow: 'GET, HEAD' },
  )
