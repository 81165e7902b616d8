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

/**
 * `text` with anything that looks like a key, whole or cut short, replaced: for what is logged of
 * a request (a key pasted into a path or a user agent by mistake).
 * @example withoutKeys('/v1/wsa_3fK9') // '/v1/wsa_[redacted]'
 */
export function withoutKeys(text: string): string {
  return text.includes(PREFIX) ? text.replace(/wsa_[0-9A-Za-z]*/g, `${PREFIX}[redacted]`) : text
}

/** One round of percent-decoding, ASCII only: enough to read a key, whatever its other bytes. */
const ENCODED_ASCII = /%([0-7][0-9A-Fa-f])/g
const decodeAscii = (text: string): string =>
  text.replace(ENCODED_ASCII, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** Rounds of decoding a path segment may take; one still encoded after them is not shown. */
const MAX_DECODING_ROUNDS = 8

/**
 * A request path with anything like a key redacted after percent-decoding, however often its
 * characters were encoded (`%77sa_…`, `wsa%5F…`, `%2577sa_…`): a segment that decodes to a key is
 * shown decoded and redacted, any other as sent, and one that does not settle within a few rounds
 * of decoding (nobody's client encodes that often) as `[undecodable]`.
 * @example pathWithoutKeys('/v1/employees/%77sa_3fK9') // '/v1/employees/wsa_[redacted]'
 */
export function pathWithoutKeys(path: string): string {
  if (!path.includes('%')) return withoutKeys(path)
  return path
    .split('/')
    .map((segment) => {
      let plain = segment
      for (let round = 0; ; round++) {
        const next = decodeAscii(plain)
        if (next === plain) break
        if (round === MAX_DECODING_ROUNDS) return '[undecodable]'
        plain = next
      }
      return plain.includes(PREFIX) ? withoutKeys(plain) : segment
    })
    .join('/')
}

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
