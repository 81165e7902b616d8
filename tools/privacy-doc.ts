// docs/privacy.md's table of every published field and what each privacy makes of it (CONTRACT 19),
// from the classes the OpenAPI document carries (x-disclosure, x-describes, x-disclosure-when), by
// `npm run openapi`; the prose around it is written by hand and kept as it is.

import { readFileSync } from 'node:fs'
import { ROOT_URL } from '../test/helpers/root.js'

export const PRIVACY_DOC_PATH = new URL('docs/privacy.md', ROOT_URL)

const HEADER = '| answer | field | discloses | pseudonymous key | aggregate key |\n|---|---|---|---|---|\n'

type Schema = {
  $ref?: string
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
  type?: unknown
  [key: string]: unknown
}

type Describes = { population: 'answer' } | { field: string } | { counted: string; description: string }

const classOf = (s: Schema): Schema | undefined => {
  if (s['x-disclosure'] !== undefined) return s
  const members = (s.anyOf ?? []).filter((m) => m.type !== 'null')
  return members.length === 1 ? classOf(members[0] as Schema) : undefined
}

const whenOf = (s: Schema): string => {
  const when = s['x-disclosure-when'] as Record<string, string> | undefined
  return when === undefined
    ? ''
    : Object.entries(when)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')
}

function pseudonymous(s: Schema, list: boolean): string {
  const when = whenOf(s)
  const shown =
    s['x-disclosure'] === 'person'
      ? 'their pseudonym'
      : s['x-disclosure'] === 'personal'
        ? list
          ? '`[]`'
          : '`null`'
        : 'as is'
  return when === '' || shown === 'as is' ? shown : `${shown} (${when}); as is otherwise`
}

function describedBy(d: Describes): string {
  if ('population' in d) return "the answer's population"
  if ('field' in d) return `\`${d.field}\``
  return d.description
}

function aggregate(s: Schema, readable: boolean): string {
  if (!readable) return '— (403)'
  const disclosure = s['x-disclosure']
  if (disclosure === 'figure')
    return `\`null\` below the minimum: ${describedBy(s['x-describes'] as Describes)}`
  return pseudonymous(s, false)
}

const DISCLOSES: Record<string, string> = {
  person: 'a person',
  personal: 'personal',
  figure: 'a figure',
  plain: 'plain',
}

/** The rows of one published schema, each leaf field with its path. */
function rows(name: string, schema: Schema, readable: boolean): string[] {
  const out: string[] = []
  const visit = (s: Schema, path: string, list: boolean) => {
    const own = classOf(s)
    const container =
      s.properties !== undefined ||
      s.$ref !== undefined ||
      (s.items !== undefined && (s.items.properties !== undefined || s.items.$ref !== undefined)) ||
      (s.anyOf ?? []).some((m) => m.properties !== undefined || m.$ref !== undefined)
    if (s['x-disclosed-as'] !== undefined) {
      out.push(
        `| ${name} | \`${path}\` | as \`${s['x-disclosed-as']}\` | as \`${s['x-disclosed-as']}\` | as \`${s['x-disclosed-as']}\` |`,
      )
      return
    }
    if (own !== undefined && (!container || own['x-disclosure'] === 'personal')) {
      const disclosure = DISCLOSES[own['x-disclosure'] as string] as string
      const when = whenOf(own)
      out.push(
        `| ${name} | \`${path}\` | ${when === '' ? disclosure : `${disclosure} (${when})`} | ${pseudonymous(own, list || s.type === 'array')} | ${aggregate(own, readable)} |`,
      )
      return
    }
    if (s.$ref !== undefined) {
      out.push(`| ${name} | \`${path}\` | as \`${s.$ref.split('/').at(-1)}\` | | |`)
      return
    }
    for (const [field, value] of Object.entries(s.properties ?? {}))
      visit(value, path === '' ? field : `${path}.${field}`, false)
    if (s.items !== undefined) visit(s.items, `${path}[]`, true)
    for (const member of s.anyOf ?? []) if (member.type !== 'null') visit(member, path, list)
  }
  visit(schema, '', false)
  return out
}

/** docs/privacy.md with its table made from the OpenAPI document's classes. */
export function generatePrivacyDoc(documentText: string): string {
  const document = JSON.parse(documentText) as {
    paths: Record<string, { get: { 'x-key-privacies': string[]; responses: Record<string, unknown> } }>
    components: { schemas: Record<string, Schema> }
  }
  // The schemas an aggregate key reads: those its operations answer with.
  const readable = new Set<string>()
  for (const item of Object.values(document.paths))
    if (item.get['x-key-privacies'].includes('aggregate'))
      for (const m of JSON.stringify(item.get.responses['200'] ?? {}).matchAll(
        /#\/components\/schemas\/(\w+)/g,
      ))
        readable.add(m[1] as string)
  const table = Object.entries(document.components.schemas)
    .filter(([name]) => name !== 'ErrorResponse' && name !== 'OcsfEvent')
    .flatMap(([name, schema]) => rows(name, schema, readable.has(name)))
  const current = readFileSync(PRIVACY_DOC_PATH, 'utf8')
  const start = current.indexOf(HEADER)
  if (start < 0) throw new Error(`docs/privacy.md: no table starting ${JSON.stringify(HEADER)}`)
  const end = current.indexOf('\n\n', start)
  const rest = end < 0 ? '' : current.slice(end + 1)
  return `${current.slice(0, start)}${HEADER}${table.join('\n')}\n${rest}`
}
