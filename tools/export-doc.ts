// docs/export.md's generated tables: every export's CSV columns, and the record types that cannot
// travel with `export all`, from the resources' declarations by `npm run openapi` (the prose around
// them is written by hand and kept as it is).

import { readFileSync } from 'node:fs'
import type { ResourceExport, StayingBehind } from '../src/resources/export.js'
import { ROOT_URL } from '../test/helpers/root.js'

export const EXPORT_DOC_PATH = new URL('docs/export.md', ROOT_URL)

const COLUMNS_HEADER = '| resource | columns |\n|---|---|\n'
const BEHIND_HEADER =
  '| record type | why it stays behind | answers that differ after a move |\n|---|---|---|\n'

/** `text` with the table under `header` (up to the first blank line or the end) made of `rows`. */
function replaceTable(text: string, header: string, rows: readonly string[]): string {
  const start = text.indexOf(header)
  if (start < 0) throw new Error(`docs/export.md: no table starting ${JSON.stringify(header)}`)
  const end = text.indexOf('\n\n', start)
  const rest = end < 0 ? '' : text.slice(end + 1)
  return `${text.slice(0, start)}${header}${rows.join('\n')}\n${rest}`
}

/** docs/export.md with its tables made from `exports` and `behind`. */
export function generateExportDoc(
  exports: readonly ResourceExport[],
  behind: readonly StayingBehind[],
): string {
  const columns = exports.map((e) => {
    const name = e.note === undefined ? e.name : `${e.name} (${e.note})`
    const cells = e.columns.map((c) => (e.json.includes(c) ? `${c} (JSON)` : c))
    return `| ${name} | ${cells.join(', ')} |`
  })
  const staying = behind.map((b) => {
    const answers = b.answers.map(({ path, fields }) =>
      fields.includes('*') ? `\`${path}\` (all of it)` : `\`${path}\`: ${fields.join(', ')}`,
    )
    return `| \`${b.type}\` | ${b.why} | ${answers.join('; ')} |`
  })
  const current = readFileSync(EXPORT_DOC_PATH, 'utf8')
  return replaceTable(replaceTable(current, BEHIND_HEADER, staying), COLUMNS_HEADER, columns)
}
