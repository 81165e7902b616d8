// A record type whose fields are its published item's (CONTRACT 12): the record schema, the staging
// columns and the conversion to a staging row are read from the item's published schema, so that a
// field is written once, where the API publishes it. Each field is accepted as imports accept its
// kind; a field whose import form is not its kind's says so where it is published (`importedAs`),
// and a field the import computes is marked there too (`derivedAtImport`).

import Type, { type Static, type TObject, type TProperties, type TSchema } from 'typebox'
import type { Value } from '../db/bulk-rows.js'
import { Closed, Nullable } from '../schemas/common.js'
import { jsonOf } from '../schemas/ordered-json.js'
import { AnyTimestamp, AnyUuid, id, Name, nullableTimestamp, Text, timestamp } from './fields.js'

const IMPORTED_AS = Symbol('imported as')
const DERIVED = Symbol('derived at import')

type Annotated = TSchema & { [IMPORTED_AS]?: TSchema; [DERIVED]?: true }

/** A published field whose import record accepts `form` (say, longer text than the default). */
export function importedAs<S extends TSchema>(published: S, form: TSchema): S {
  return Object.assign(copy(published), { [IMPORTED_AS]: form })
}

/** A published field the import computes: it is not in the record. */
export function derivedAtImport<S extends TSchema>(published: S): S {
  return Object.assign(copy(published), { [DERIVED]: true as const })
}

/** A schema with every property of `schema`: shared schemas (`Timestamp`) are never marked. */
const copy = <S extends TSchema>(schema: S): S =>
  Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as S

interface FieldShape {
  type?: string | readonly string[]
  format?: string
  enum?: readonly unknown[]
  minimum?: number
  maximum?: number
}

type Convert = (value: unknown, field: string, errors: string[]) => Value

const asIs: Convert = (value) => value as Value

/** How imports accept a published field, and how its value is stored. */
function importForm(field: string, published: Annotated): { schema: TSchema; convert: Convert } {
  const shape = published as FieldShape
  const types = Array.isArray(shape.type) ? shape.type : [shape.type]
  const nullable = types.includes('null')
  const kind = types.find((t) => t !== 'null')
  const orNull = (schema: TSchema) => (nullable ? Nullable(schema) : schema)
  const given = published[IMPORTED_AS]
  if (shape.format === 'uuid')
    return {
      schema: given ?? orNull(AnyUuid),
      convert: nullable ? (v) => (v === null ? null : id(v as string)) : (v) => id(v as string),
    }
  if (shape.format === 'date-time')
    return {
      schema: given ?? orNull(AnyTimestamp),
      convert: nullable
        ? (v, f, e) => nullableTimestamp(v as string | null, f, e)
        : (v, f, e) => timestamp(v as string, f, e),
    }
  if (given !== undefined) return { schema: given, convert: asIs }
  if (shape.enum !== undefined) {
    const values = shape.enum.filter((v) => v !== null)
    return { schema: orNull(Type.Unsafe({ type: kind, enum: values })), convert: asIs }
  }
  // Text is non-empty unless it may be null.
  if (kind === 'string') return { schema: nullable ? Nullable(Text()) : Name(), convert: asIs }
  if (kind === 'boolean') return { schema: orNull(Type.Boolean()), convert: asIs }
  if (kind === 'integer') {
    const { minimum, maximum } = shape
    const bounds = {
      ...(minimum === undefined ? {} : { minimum }),
      ...(maximum === undefined ? {} : { maximum }),
    }
    return { schema: orNull(Type.Integer(bounds)), convert: asIs }
  }
  throw new Error(`${field}: give its import form where it is published (importedAs)`)
}

/** What `defineRecord` takes of a record read from a published schema. */
export interface PublishedRecord {
  schema: TSchema
  columns: readonly string[]
  toRow(record: unknown, errors: string[]): Record<string, Value>
}

export interface PublishedRecordOptions<K extends string> {
  /** Ids the record holds beyond the item (its workspace's), first in the record. */
  carries?: readonly string[]
  /**
   * Set when the item needs no other row: it is rendered from the record as it is read (`json`),
   * and only these of its fields are staged beside it, for the table's keys and order. Otherwise
   * every field is staged and the import renders the item later (`rendered`).
   */
  columns?: readonly K[]
}

/**
 * The record of type `type`: the ids it carries, then every field of `published` not derived at
 * import, in its order.
 */
export function publishedRecord<P extends TProperties>(
  type: string,
  published: TObject<P>,
  options: PublishedRecordOptions<keyof P & string> = {},
): PublishedRecord {
  const ids = (options.carries ?? []).map((name) => ({
    name,
    schema: AnyUuid as TSchema,
    convert: (v: unknown) => id(v as string),
  }))
  const imported = importedFields(published)
  const derived = Object.keys(published.properties).filter((name) => !imported.includes(name))
  const fields = imported.map((name) => ({
    name,
    ...importForm(name, published.properties[name] as TSchema),
  }))
  const all: { name: string; schema: TSchema; convert: Convert }[] = [...ids, ...fields]
  const schema = Closed({
    type: Type.Literal(type),
    ...Object.fromEntries(all.map((f) => [f.name, f.schema])),
  })
  const convert = (record: unknown, errors: string[]) => {
    const values = record as Record<string, unknown>
    const row: Record<string, Value> = {}
    for (const f of all) row[f.name] = f.convert(values[f.name], `${type}.${f.name}`, errors)
    return row
  }
  const staged = options.columns
  if (staged === undefined) return { schema, columns: all.map((f) => f.name), toRow: convert }
  if (derived.length > 0)
    throw new Error(`${type}: ${derived.join(', ')} derived at import, so not rendered as read`)
  const render = jsonOf(published)
  const columns = [...ids.map((f) => f.name), ...staged, 'json']
  return {
    schema,
    columns,
    toRow(record, errors) {
      const row = convert(record, errors)
      const stagedRow: Record<string, Value> = { json: render(row as Static<TObject<P>>) }
      for (const name of columns) if (name !== 'json') stagedRow[name] = row[name] as Value
      return stagedRow
    },
  }
}

/** The fields of `published` an import record holds: all but those derived at import, in order. */
const importedFields = (published: TObject): string[] =>
  Object.keys(published.properties).filter(
    (name) => (published.properties[name] as Annotated)[DERIVED] === undefined,
  )

/**
 * The import record of an item published by `published` (the inverse of `publishedRecord`): its
 * type, the ids it carries, then every field not derived at import, as published.
 */
export function publishedRecordOf<P extends TProperties>(
  type: string,
  published: TObject<P>,
): (
  carried: Readonly<Record<string, string>>,
  item: Static<TObject<P>>,
) => { type: string } & Record<string, unknown> {
  const fields = importedFields(published)
  return (carried, item) => {
    const values = item as Record<string, unknown>
    return { type, ...carried, ...Object.fromEntries(fields.map((name) => [name, values[name]])) }
  }
}
