// Checks OCSF events against the JSON Schemas generated from the vendored OCSF schema
// (test/fixtures/ocsf/schemas.json): the class's schema, and the captions beside each number.

import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { FeedEvent } from '../../src/ocsf/render.js'
import { OCSF_RENDERER } from '../../src/resources/index.js'
import { OCSF_SCHEMAS_PATH } from '../../tools/ocsf-schemas.js'

interface ClassInfo {
  uid: number
  caption: string
  category: { uid: number; caption: string }
  captions: Record<'activity_id' | 'severity_id' | 'status_id', Record<string, string>>
}

export const OCSF_SCHEMAS = JSON.parse(readFileSync(OCSF_SCHEMAS_PATH, 'utf8'))
export const OCSF_CLASS_INFO = OCSF_SCHEMAS['x-ocsf-classes'] as Record<string, ClassInfo>

const ajv = new Ajv2020({ allErrors: true, strict: false, unicodeRegExp: false })
ajv.addSchema(OCSF_SCHEMAS)

const byUid = new Map(Object.entries(OCSF_CLASS_INFO).map(([name, info]) => [info.uid, { name, info }]))

/** Why `event` is not a valid OCSF event of its class (schema, captions, type_uid); null when it is. */
export function ocsfErrors(event: Record<string, unknown>): string | null {
  const found = byUid.get(event.class_uid as number)
  if (found === undefined) return `class_uid ${event.class_uid} is none of the classes we render`
  const validate = ajv.getSchema(`${OCSF_SCHEMAS.$id}#/$defs/class_${found.name}`)
  if (validate === undefined) throw new Error(`no schema for ${found.name}`)
  if (!validate(event)) return `${found.name}: ${ajv.errorsText(validate.errors)}`
  const { info } = found
  const wrong: string[] = []
  const expect = (field: string, value: unknown) => {
    if (event[field] !== value)
      wrong.push(`${field} is ${JSON.stringify(event[field])}, not ${JSON.stringify(value)}`)
  }
  expect('class_name', info.caption)
  expect('category_uid', info.category.uid)
  expect('category_name', info.category.caption)
  expect('activity_name', info.captions.activity_id[String(event.activity_id)])
  expect('severity', info.captions.severity_id[String(event.severity_id)])
  expect('type_uid', info.uid * 100 + (event.activity_id as number))
  expect('type_name', `${info.caption}: ${event.activity_name}`)
  if (event.status_id !== undefined) expect('status', info.captions.status_id[String(event.status_id)])
  return wrong.length === 0 ? null : `${found.name}: ${wrong.join('; ')}`
}

/** The OCSF rendering of a feed event (as the server renders it for organization `organizationId`). */
export const toOcsf = (event: FeedEvent, organizationId = '00000000-0000-4000-8000-000000000000') =>
  OCSF_RENDERER(event, organizationId)
