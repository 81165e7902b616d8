// The committed OpenAPI document as the tests read it: parsed once, with an ajv that knows every
// schema in it (responses, components, webhooks), so that what the server sends is checked against
// what integrators generate code from, not against the server's own code.

import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { ROOT_URL } from './root.js'

export const DOCUMENT_ID = 'https://awareness.example/openapi.json'
export const DOCUMENT = JSON.parse(readFileSync(new URL('openapi.json', ROOT_URL), 'utf8'))

/** An ajv holding the document under DOCUMENT_ID: `ajv.getSchema(pointer(…))` finds any schema in it. */
export function documentAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
  addFormats.default(ajv)
  ajv.addSchema({ ...DOCUMENT, $id: DOCUMENT_ID })
  return ajv
}

/** The schema address of a place in the document, its parts escaped (JSON Pointer). */
export const pointer = (...parts: string[]) =>
  `${DOCUMENT_ID}#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`

const ajv = documentAjv()

/** Why `body` is not the payload the document gives webhook `type`; null when it is. */
export function webhookPayloadErrors(type: string, body: unknown): string | null {
  if (DOCUMENT.webhooks?.[type] === undefined) return `no webhook ${type} in the document`
  const validate = ajv.getSchema(
    pointer('webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema'),
  )
  if (validate === undefined) return `no payload schema for ${type}`
  return validate(body) ? null : ajv.errorsText(validate.errors)
}

/** The header names the document says sign every webhook request. */
export function webhookHeaderNames(type: string): string[] {
  return (DOCUMENT.webhooks[type].post.parameters as { $ref: string }[]).map((p) => {
    const name = p.$ref.split('/').at(-1) as string
    return DOCUMENT.components.parameters[name].name as string
  })
}
