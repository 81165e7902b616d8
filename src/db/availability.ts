// Tells "the database cannot be reached or does not answer now" (503, retry later) from a bug (500).

import { QUERY_TIMEOUT_MESSAGE } from './pg-internals.js'

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
  '55000', // object_not_in_prerequisite_state: the database does not allow connections now
  '55P03', // lock_not_available
  '3D000', // invalid_catalog_name: the database does not exist (dropped, being restored)
  '57014', // query_canceled (statement timeout)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
])

// SQLSTATE classes that all mean "not now": connection exceptions, insufficient resources (disk
// full, out of memory, too many connections), operator intervention (shutdown, cannot connect now,
// database dropped), and invalid authorization (credentials changed or the role locked).
const UNAVAILABLE_CLASSES = ['08', '53', '57P', '28']

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'connect ECONNREFUSED',
  'the database system is',
  'Connection ended unexpectedly',
  'driver has already been destroyed',
  QUERY_TIMEOUT_MESSAGE,
]

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_IOERR'))
      return true
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.some((c) => code.startsWith(c))) return true
  }
  return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))
}
