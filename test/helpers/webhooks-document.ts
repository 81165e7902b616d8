// The committed OpenAPI document's webhooks, as a receiver's generated code would read them: the
// payload schema of each event type, checked with ajv (not the server's code).

import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

const DOCUMENT_ID = 'https://awareness.example/openapi.json'
export const DOCUMENT = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'))

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
addFormats.default(ajv)
ajv.addSchema({ ...DOCUMENT, $id: DOCUMENT_ID })

/** Why `body` is not the payload the document gives webhook `type`; null when it is. */
export function webhookPayloadErrors(type: string, body: unknown): string | null {
  if (DOCUMENT.webhooks?.[type] === undefined) return `no webhook ${type} in the document`
  const validate = ajv.getSchema(
    `${DOCUMENT_ID}#/webhooks/${type}/post/requestBody/content/application~1json/schema`,
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
