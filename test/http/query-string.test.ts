// The query string as the routes read it (src/routing/parameters.ts parseQueryString): every value
// of every name, exactly as URLSearchParams reads the string, on its plain path (nothing encoded)
// as on the general one.

import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { parseQueryString } from '../../src/routing/parameters.js'

function byUrlSearchParams(query: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [name, value] of new URLSearchParams(query)) {
    const values = out[name] ?? []
    values.push(value)
    out[name] = values
  }
  return out
}

const plain = (query: string) => ({ ...parseQueryString(query) })

test('every name and value, repeated or empty, as URLSearchParams reads them', () => {
  // Strings of the characters that shape a query, with and without encodings.
  const chars = fc.constantFrom(
    'a',
    'b',
    'Z',
    '0',
    '=',
    '&',
    '-',
    '.',
    '_',
    '~',
    ',',
    ';',
    'é',
    '日',
    ' ',
    '?',
    '#',
  )
  const encoded = fc.constantFrom('%20', '%2C', '%3D', '%26', '%zz', '%', '+', '%C3%A9', '%E6')
  fc.assert(
    fc.property(fc.array(fc.oneof(chars, chars, chars, encoded), { maxLength: 40 }), (parts) => {
      const query = parts.join('')
      assert.deepEqual(plain(query), byUrlSearchParams(query), JSON.stringify(query))
    }),
    { numRuns: 5000 },
  )
  for (const query of [
    '',
    '&',
    '&&a',
    'a',
    'a=',
    '=a',
    '==',
    'a=b=c',
    'a=1&a=2&b',
    'workspace_id=7cf3c256-32b9-4240-ad3f-b64afebede10',
  ])
    assert.deepEqual(plain(query), byUrlSearchParams(query), JSON.stringify(query))
})

test('a parameter named like an object property is only a name', () => {
  const parsed = parseQueryString('__proto__=1&constructor=2&toString')
  assert.equal(Object.getPrototypeOf(parsed), null)
  assert.deepEqual(Object.keys(parsed), ['__proto__', 'constructor', 'toString'])
})
