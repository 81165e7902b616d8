// The key format (CONTRACT 5): `wsa_` + 32 random base62 characters + the CRC32 of those first 36
// characters as 6 base62 characters. The checksum lets a typo or a made-up key be refused without
// touching the database.

import { hash, randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const PREFIX = 'wsa_'
const BODY_LENGTH = 32
const CHECKSUM_LENGTH = 6
/** Every key's length in characters. */
export const KEY_LENGTH = PREFIX.length + BODY_LENGTH + CHECKSUM_LENGTH
const KEY_PATTERN = new RegExp(`^${PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`)

/** What a key found in text becomes. */
const REDACTED = `${PREFIX}[redacted]`
/** A key's prefix in any case, and everything after it in its token: a key split by a stray character is still a secret. */
const PREFIXED = /wsa_.*/is
/** A run of key characters as long as a key's secret part, or longer. */
const LONG_RUN = /[0-9A-Za-z]{38,}/g
const SECRET_LENGTH = BODY_LENGTH + CHECKSUM_LENGTH
/** Cheap test for text that holds nothing to redact, whatever its decoding. */
const MAYBE_KEY = /wsa_|%|[0-9A-Za-z]{38}/i

/** Where in `run` some `SECRET_LENGTH` characters are a key's secret part (their checksum matches), or -1. */
function secretIn(run: string): number {
  for (let at = 0; at + SECRET_LENGTH <= run.length; at++) {
    const body = run.slice(at, at + BODY_LENGTH)
    if (checksum(PREFIX + body) === run.slice(at + BODY_LENGTH, at + SECRET_LENGTH)) return at
  }
  return -1
}

/** One decoded token with every key-shaped run redacted: a prefix and what follows it, or a key's secret part anywhere. */
function redactToken(plain: string): string {
  return plain.replace(PREFIXED, REDACTED).replace(LONG_RUN, (run) => {
    const at = secretIn(run)
    return at === -1 ? run : run.slice(0, at) + REDACTED + redactToken(run.slice(at + SECRET_LENGTH))
  })
}

/** One round of percent-decoding, ASCII only: enough to read a key, whatever its other bytes. */
const ENCODED_ASCII = /%([0-7][0-9A-Fa-f])/g
const decodeAscii = (text: string): string =>
  text.replace(ENCODED_ASCII, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** Rounds of decoding a token may take; one still encoded after them is not shown. */
const MAX_DECODING_ROUNDS = 8

/**
 * A token as logged: as sent when no round of its decoding holds a key, else the last round that
 * does, redacted (a later round can merge a key's characters with what precedes it).
 */
function tokenWithoutKeys(token: string): string {
  let plain = token
  let found: string | undefined
  for (let round = 0; ; round++) {
    const redacted = redactToken(plain)
    if (redacted !== plain) found = redacted
    const next = decodeAscii(plain)
    if (next === plain) break
    if (round === MAX_DECODING_ROUNDS) return '[undecodable]'
    plain = next
  }
  return found ?? token
}

/** `text` cut into tokens at `separator`, each token as logged. */
const inTokens = (text: string, separator: RegExp): string =>
  MAYBE_KEY.test(text) ? text.split(separator).map(tokenWithoutKeys).join('') : text

/**
 * A header's value (a user agent, a request id) with anything like a key redacted, whole or cut
 * short, percent-encoded or not, wherever it stands in a word: what a log line, a span or an error
 * body may carry of what a client sent.
 * @example withoutKeys('curl wsa_3fK9') // 'curl wsa_[redacted]'
 */
export function withoutKeys(text: string): string {
  return inTokens(text, /(\s+)/)
}

/**
 * A request path with anything like a key redacted after percent-decoding, however often its
 * characters were encoded (`%77sa_…`, `wsa%5F…`, `%2577sa_…`) and whatever surrounds it in its
 * segment: a segment that decodes to something holding a key is shown decoded and redacted, any
 * other as sent, and one that does not settle within a few rounds of decoding (nobody's client
 * encodes that often) as `[undecodable]`.
 * @example pathWithoutKeys('/v1/employees/%77sa_3fK9') // '/v1/employees/wsa_[redacted]'
 */
export function pathWithoutKeys(path: string): string {
  return inTokens(path, /(\/)/)
}

/** True when `text` holds anything like a key (a request id that does is not kept). */
export const holdsKey = (text: string): boolean => withoutKeys(text) !== text

/** The CRC32 of `text` in 6 base62 characters, most significant first. */
export function checksum(text: string): string {
  let value = crc32(text)
  let out = ''
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[value % 62] + out
    value = Math.floor(value / 62)
  }
  return out
}

/**
 * A new random key. It is shown once and never stored.
 * @example generateKey() // 'wsa_3fK…' (42 characters)
 */
export function generateKey(): string {
  let body = ''
  // Rejection sampling keeps every character uniformly distributed (256 is not a multiple of 62).
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62]
    }
  }
  const head = PREFIX + body
  return head + checksum(head)
}

/** True when the key has the right shape and its checksum matches. */
export function isWellFormedKey(key: string): boolean {
  const head = PREFIX.length + BODY_LENGTH
  return KEY_PATTERN.test(key) && checksum(key.slice(0, head)) === key.slice(head)
}

/** Hex SHA-256 of the key: the only form in which a key is stored. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex')
}
