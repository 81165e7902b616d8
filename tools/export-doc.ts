// docs/export.md's table of every export's CSV columns, generated from the resources' exports by
// `npm run openapi` (the prose above it is written by hand and kept as it is).

import { readFileSync } from 'node:fs'
import type { ResourceExport } from '../src/resources/export.js'
import { ROOT_URL } from '../test/helpers/root.js'

export const EXPORT_DOC_PATH = new URL('docs/export.md', ROOT_URL)

const HEADER = '| resource | columns |\n|---|---|\n'

/** docs/export.md with its table made from `exports`. */
export function generateExportDoc(exports: readonly ResourceExport[]): string {
  const current = readFileSync(EXPORT_DOC_PATH, 'utf8')
  const start = current.indexOf(HEADER)
  if (start < 0) throw new Error(`docs/export.md: no table starting ${JSON.stringify(HEADER)}`)
  const rows = exports.map((e) => {
    const name = e.note === undefined ? e.name : `${e.name} (${e.note})`
    const columns = e.columns.map((c) => (e.json.includes(c) ? `${c} (JSON)` : c))
    return `| ${name} | ${columns.join(', ')} |`
  })
  return `${current.slice(0, start)}${HEADER}${rows.join('\n')}\n`
}
