// Pseudonyms (CONTRACT 19): an employee's pseudonym is the UUID made of the first 16 bytes of
// HMAC-SHA256(the organization's secret, the employee id), version 8 and the RFC 9562 variant set.
// The secret is 32 random bytes per organization in `pseudonym_secrets`; imports keep each
// employee's pseudonym (resources/employees/pseudonyms.ts), a rotation replaces the secret and them.

import { createHmac, randomBytes } from 'node:crypto'

const SECRET_BYTES = 32

/** A new secret, as stored (base64). */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64')
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** The pseudonym of `employeeId` (its 36-character lower-case string) under `secret` (raw bytes). */
export function pseudonymOf(secret: Buffer, employeeId: string): string {
  const h = createHmac('sha256', secret).update(employeeId).digest()
  h[6] = ((h[6] as number) & 0x0f) | 0x80
  h[8] = ((h[8] as number) & 0x3f) | 0x80
  let out = ''
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) out += '-'
    out += HEX[h[i] as number]
  }
  return out
}
