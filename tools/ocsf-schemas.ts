// JSON Schemas of the OCSF classes we render (src/ocsf/classes.ts), generated from the vendored
// OCSF schema files (test/fixtures/ocsf/schema): the dictionary's attributes and types, the objects
// with their `extends` chains and constraints, each class's chain up to base_event, and the
// profiles' attributes left out (our events declare no profile). `npm run openapi` writes the
// result to test/fixtures/ocsf/schemas.json; a test fails when it drifts.

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { OCSF_CLASSES } from '../src/ocsf/classes.js'
import { ROOT_URL } from '../test/helpers/root.js'

export const OCSF_ROOT = new URL('test/fixtures/ocsf/schema/', ROOT_URL).pathname
export const OCSF_SCHEMAS_PATH = new URL('test/fixtures/ocsf/schemas.json', ROOT_URL).pathname

interface Attribute {
  type?: string
  is_array?: boolean
  enum?: Record<string, { caption: string }>
  requirement?: string
  profile?: string | null
  sibling?: string
  /** The observable type_id of values of this attribute. */
  observable?: number
}
type Attributes = Record<string, Attribute>
interface Definition {
  name: string
  caption: string
  uid?: number
  category?: string
  extends?: string
  attributes: Attributes & { $include?: string[] }
  constraints?: { at_least_one?: string[]; just_one?: string[] }
  observable?: number
}
interface TypeDefinition {
  type?: string
  regex?: string
  max_len?: number
  range?: [number, number]
  observable?: number
}

const read = <T>(path: string): T => JSON.parse(readFileSync(join(OCSF_ROOT, path), 'utf8')) as T

function definitions(folder: string): Map<string, Definition> {
  const found = new Map<string, Definition>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(OCSF_ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.json')) {
        const definition = read<Definition>(path)
        found.set(definition.name, definition)
      }
    }
  }
  walk(folder)
  return found
}

/** Two definitions of one attribute, the second over the first (enums add up, as in OCSF). */
function over(base: Attribute | undefined, top: Attribute): Attribute {
  const merged = { ...base, ...top }
  if (base?.enum || top.enum) merged.enum = { ...base?.enum, ...top.enum }
  return merged
}

/** A definition's own attributes: its profiles' (tagged with the profile) under its own. */
function ownAttributes(definition: Definition): Attributes {
  const result: Attributes = {}
  for (const path of definition.attributes.$include ?? []) {
    const profile = read<Definition>(path)
    for (const [name, attribute] of Object.entries(profile.attributes))
      result[name] = over(result[name], { profile: profile.name, ...attribute })
  }
  for (const [name, attribute] of Object.entries(definition.attributes)) {
    if (name === '$include') continue
    result[name] = over(result[name], attribute as Attribute)
  }
  return result
}

/** The attributes of a definition and its `extends` chain, closest last. */
function chainAttributes(name: string, index: Map<string, Definition>): Attributes {
  const definition = index.get(name)
  if (definition === undefined) throw new Error(`OCSF defines no ${name}`)
  const result = definition.extends ? chainAttributes(definition.extends, index) : {}
  for (const [attribute, value] of Object.entries(ownAttributes(definition)))
    result[attribute] = over(result[attribute], value)
  return result
}

/** A field of a definition, or of the closest definition up its `extends` chain that has it. */
function inherited(name: string, index: Map<string, Definition>, field: 'category'): string | undefined {
  for (let d = index.get(name); d !== undefined; d = d.extends ? index.get(d.extends) : undefined)
    if (d[field] !== undefined) return d[field]
  return undefined
}

type Schema = Record<string, unknown>

export function generateOcsfSchemas(): Schema {
  const dictionary = read<{ attributes: Attributes; types: { attributes: Record<string, TypeDefinition> } }>(
    'dictionary.json',
  )
  const categories = read<{ attributes: Record<string, { uid: number; caption: string }> }>('categories.json')
  const version = read<{ version: string }>('version.json').version
  const events = definitions('events')
  const objects = definitions('objects')
  const defs: Record<string, Schema> = {}
  const wanted: string[] = []

  const scalar = (type: string): Schema => {
    const definition = dictionary.types.attributes[type]
    if (definition === undefined) throw new Error(`OCSF defines no type ${type}`)
    const base = definition.type ?? type
    const json: Schema =
      base === 'string_t'
        ? { type: 'string' }
        : base === 'integer_t' || base === 'long_t'
          ? { type: 'integer' }
          : base === 'float_t'
            ? { type: 'number' }
            : base === 'boolean_t'
              ? { type: 'boolean' }
              : base === 'json_t'
                ? {}
                : (() => {
                    throw new Error(`no JSON type for ${base}`)
                  })()
    if (definition.regex) json.pattern = definition.regex
    if (definition.max_len) json.maxLength = definition.max_len
    if (definition.range) [json.minimum, json.maximum] = definition.range
    return json
  }

  const attributeSchema = (name: string, local: Attribute): Schema => {
    const attribute = over(dictionary.attributes[name], local)
    const type = attribute.type
    if (type === undefined) throw new Error(`OCSF gives ${name} no type`)
    let schema: Schema
    if (type.endsWith('_t')) {
      schema = scalar(type)
      if (attribute.enum) {
        const keys = Object.keys(attribute.enum)
        schema.enum = schema.type === 'integer' ? keys.map(Number) : keys
      }
    } else if (type === 'object') {
      schema = { type: 'object' }
    } else {
      if (!wanted.includes(type)) wanted.push(type)
      schema = { $ref: `#/$defs/${type}` }
    }
    return attribute.is_array ? { type: 'array', items: schema } : schema
  }

  /** A closed object schema of these attributes, profiles' left out. */
  const objectSchema = (attributes: Attributes, constraints?: Definition['constraints']): Schema => {
    const properties: Record<string, Schema> = {}
    const required: string[] = []
    for (const [name, attribute] of Object.entries(attributes)) {
      if (typeof attribute.profile === 'string') continue
      properties[name] = attributeSchema(name, attribute)
      if (attribute.requirement === 'required') required.push(name)
    }
    const schema: Schema = { type: 'object', properties, required, additionalProperties: false }
    if (constraints?.at_least_one) schema.anyOf = constraints.at_least_one.map((n) => ({ required: [n] }))
    if (constraints?.just_one) schema.oneOf = constraints.just_one.map((n) => ({ required: [n] }))
    return schema
  }

  const classes: Record<string, Schema> = {}
  for (const ours of OCSF_CLASSES) {
    const definition = events.get(ours.name)
    if (definition === undefined) throw new Error(`OCSF ${version} has no class ${ours.name}`)
    const attributes = chainAttributes(ours.name, events)
    const category = categories.attributes[inherited(ours.name, events, 'category') ?? '']
    const categoryUid = category?.uid ?? 0
    const uid = categoryUid * 1000 + (definition.uid ?? 0)
    const schema = objectSchema(attributes, definition.constraints)
    const properties = schema.properties as Record<string, Schema>
    const activities = attributes.activity_id?.enum ?? {}
    properties.class_uid = { type: 'integer', const: uid }
    properties.category_uid = { type: 'integer', const: categoryUid }
    properties.type_uid = { type: 'integer', enum: Object.keys(activities).map((a) => uid * 100 + Number(a)) }
    const captions = (attribute: string) =>
      Object.fromEntries(
        Object.entries(over(dictionary.attributes[attribute], attributes[attribute] ?? {}).enum ?? {}).map(
          ([id, value]) => [id, value.caption],
        ),
      )
    defs[`class_${ours.name}`] = schema
    classes[ours.name] = {
      uid,
      caption: definition.caption,
      category: { uid: categoryUid, caption: category?.caption ?? captions('category_uid')[categoryUid] },
      captions: {
        activity_id: captions('activity_id'),
        severity_id: captions('severity_id'),
        status_id: captions('status_id'),
      },
    }
  }
  for (let i = 0; i < wanted.length; i++) {
    const name = wanted[i] as string
    const definition = objects.get(name)
    if (definition === undefined) throw new Error(`OCSF ${version} has no object ${name}`)
    defs[name] = objectSchema(chainAttributes(name, objects), definition.constraints)
  }
  // An observable's type_id: the types, attributes and objects that declare theirs, as OCSF's own
  // server lists them (the object file names only Unknown and Other).
  const observable = (defs.observable?.properties as Record<string, Schema> | undefined)?.type_id
  if (observable !== undefined) {
    const codes = new Set(observable.enum as number[])
    for (const declared of [
      ...Object.values(dictionary.types.attributes),
      ...Object.values(dictionary.attributes),
      ...objects.values(),
    ])
      if (declared.observable !== undefined) codes.add(declared.observable)
    observable.enum = [...codes].sort((a, b) => a - b)
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://schema.ocsf.io/${version}/awareness-api-classes.json`,
    description: `Generated by tools/ocsf-schemas.ts from OCSF ${version} (test/fixtures/ocsf/schema): do not edit.`,
    'x-ocsf-version': version,
    'x-ocsf-classes': classes,
    $defs: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
  }
}

/** The committed generation's text (what `npm run openapi` writes). */
export const ocsfSchemasText = () => `${JSON.stringify(generateOcsfSchemas(), null, 2)}\n`
