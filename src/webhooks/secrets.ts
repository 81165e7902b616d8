// Webhook signing secrets at rest. With SECRETS_KEY set they are sealed with AES-256-GCM, so that a
// database dump alone cannot sign; without it they are stored as they are (README says so).

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const SEALED = 'enc:v1:'

export class SecretUnavailable extends Error {}

/** The form a secret is stored in. */
export function sealSecret(secret: string, key: Buffer | undefined): string {
  if (key === undefined) return secret
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return `${SEALED}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${sealed.toString('base64')}`
}

/** The secret from its stored form; throws SecretUnavailable when SECRETS_KEY is missing or wrong. */
export function openSecret(stored: string, key: Buffer | undefined): string {
  if (!stored.startsWith(SEALED)) return stored
  if (key === undefined) throw new SecretUnavailable('the secret is encrypted and SECRETS_KEY is not set')
  const [iv, tag, sealed] = stored.slice(SEALED.length).split(':') as [string, string, string]
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretUnavailable('the secret does not open with this SECRETS_KEY')
  }
}
