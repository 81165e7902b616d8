// Standard Webhooks signing (https://www.standardwebhooks.com): the signature is the base64
// HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the secret's decoded bytes. Checked against
// the reference `standardwebhooks` library in tests.

import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'
const SECRET_BYTES = 32

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newSecret(): string {
  return PREFIX + randomBytes(SECRET_BYTES).toString('base64')
}

/** The headers that sign a delivery of `body` as message `id` at `timestampSeconds`. */
export function signatureHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  }
}
