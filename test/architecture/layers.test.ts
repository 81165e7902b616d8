// The layout is the architecture (docs/design.md): every module imports only from its own folder or
// from a layer below its own. Resources may use each other (a compromised employee embeds an
// employee's reference), never an engine above them.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { test } from 'node:test'
import { ROOT } from '../helpers/root.js'
import { modules } from './modules.js'

const SRC = resolve(ROOT, 'src')

/** Bottom first. A top-level folder (or module) of src/ sits in exactly one layer. */
const LAYERS: readonly (readonly string[])[] = [
  ['domain', 'errors', 'config', 'tracing'],
  ['db', 'schemas', 'observability', 'ocsf'],
  ['disclosures'],
  ['keys', 'limits', 'webhooks'],
  ['access'],
  ['paging', 'records', 'privacy'],
  ['routing'],
  ['history'],
  ['resources'],
  ['importer', 'http', 'demo'],
  ['cli'],
]

function layerOf(unit: string): number {
  const layer = LAYERS.findIndex((units) => units.includes(unit))
  assert.notEqual(layer, -1, `src/${unit} is in no layer of this test: place it`)
  return layer
}

/** The top-level folder (or module, without extension) of a path inside src/. */
const unitOf = (path: string) => (relative(SRC, path).split('/')[0] as string).replace(/\.[jt]s$/, '')

function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  const found = [...text.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)].map((m) => m[1] as string)
  return found.map((specifier) => resolve(dirname(path), specifier))
}

test('no module imports from a layer above its own, nor from another folder of its layer', () => {
  const wrong: string[] = []
  for (const path of modules(SRC)) {
    const unit = unitOf(path)
    for (const target of importsOf(path)) {
      const other = unitOf(target)
      if (other === unit) continue
      if (layerOf(other) >= layerOf(unit))
        wrong.push(`${relative(SRC, path)} imports ${relative(SRC, target)}`)
    }
  }
  assert.deepEqual(wrong, [])
})

test('resource folders import each other without a cycle', () => {
  const resources = join(SRC, 'resources')
  const uses = new Map<string, Set<string>>()
  for (const path of modules(resources)) {
    const from = relative(resources, path).split('/')[0] as string
    for (const target of importsOf(path)) {
      const to = relative(resources, target).split('/')[0] as string
      if (to.startsWith('..') || to === from || !to || to.endsWith('.js')) continue
      if (!uses.has(from)) uses.set(from, new Set())
      uses.get(from)?.add(to)
    }
  }
  const reaches = (from: string, to: string, seen: Set<string>): boolean => {
    for (const next of uses.get(from) ?? []) {
      if (next === to) return true
      if (seen.has(next)) continue
      seen.add(next)
      if (reaches(next, to, seen)) return true
    }
    return false
  }
  for (const resource of uses.keys())
    assert.ok(!reaches(resource, resource, new Set()), `${resource} depends on itself`)
})

/** The modules `path` loads when it runs: static imports, not type-only ones nor dynamic ones. */
function runtimeImportsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  const found = [
    ...text.matchAll(/^(?:import|export)\s+(?!type\s)[^'"]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm),
  ]
  return found.map((m) => resolve(dirname(path), (m[1] ?? m[2]) as string).replace(/\.js$/, '.ts'))
}

test("the import's reading thread loads record specs, never a resource's routes nor the HTTP layer", () => {
  const start = join(SRC, 'importer/parse-worker.ts')
  const loaded = new Set<string>([start])
  const queue = [start]
  while (queue.length > 0) {
    for (const next of runtimeImportsOf(queue.pop() as string)) {
      if (loaded.has(next)) continue
      loaded.add(next)
      queue.push(next)
    }
  }
  const paths = [...loaded].map((p) => relative(SRC, p))
  assert.ok(paths.includes('resources/employees/record.ts'), 'the walk reaches the record specs')
  assert.deepEqual(
    paths.filter((p) => p.endsWith('/routes.ts') || p.startsWith('http/')),
    [],
  )
})

/** The modules `path` loads, now or later: `runtimeImportsOf`'s, and its dynamic imports. */
function loadedImportsOf(path: string): string[] {
  const dynamic = [...readFileSync(path, 'utf8').matchAll(/import\(\s*'(\.[^']+)'/g)].map((m) =>
    resolve(dirname(path), m[1] as string).replace(/\.js$/, '.ts'),
  )
  return [...runtimeImportsOf(path), ...dynamic]
}

test('no module loads itself back, directly or through others (dynamic imports included)', () => {
  const importsByModule = new Map(modules(SRC).map((path) => [path, loadedImportsOf(path)]))
  const circles: string[] = []
  // Depth first; a module on the current path met again closes a circle.
  const state = new Map<string, 'open' | 'done'>()
  const visit = (path: string, trail: string[]) => {
    state.set(path, 'open')
    for (const next of importsByModule.get(path) ?? []) {
      if (state.get(next) === 'open')
        circles.push([...trail.slice(trail.indexOf(next)), next].map((p) => relative(SRC, p)).join(' → '))
      else if (!state.has(next)) visit(next, [...trail, next])
    }
    state.set(path, 'done')
  }
  for (const path of importsByModule.keys()) if (!state.has(path)) visit(path, [path])
  assert.deepEqual(circles, [])
})
