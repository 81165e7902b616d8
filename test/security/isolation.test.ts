// For every route and every kind of key (organization, workspace-scoped, reduced scopes, revoked,
// expired), on a real listening server, the answer is the one an oracle computes from the dataset.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { SCOPES, type Scope } from '../../src/domain/scopes.js'
import { createKey, revokeKey } from '../../src/keys/keys.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset, unknownId } from '../helpers/dataset.js'
import { type IsolationCase, isolationCases } from '../helpers/isolation.js'
import { ROOT_URL } from '../helpers/root.js'
import { requiredQuery } from '../helpers/routes.js'
import { RUNS, SEED } from '../helpers/seed.js'

const PROPERTY_RUNS = RUNS * 10

const cases = await isolationCases()

const DOCUMENT = JSON.parse(readFileSync(new URL('openapi.json', ROOT_URL), 'utf8')) as {
  paths: Record<string, { get: { 'x-required-scope': Scope } }>
}
/** The scope the document says an operation requires. */
const scopeOf = (path: string): Scope => {
  const scope = DOCUMENT.paths[path]?.get['x-required-scope']
  if (scope === undefined) throw new Error(`${path} is no operation of the document`)
  return scope
}
interface KeyKind {
  name: string
  key: string
  organization: 'A' | 'B'
  workspace: string | null
  scopes: Scope[]
  valid: boolean
}

function get(url: string, key: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'x-api-key': key }, agent: false }, (res) => {
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end()
  })
}

for (const { dialect, skip } of DIALECTS) {
  describe(`isolation by key kind, on a real server (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let base: string
    let kinds: KeyKind[]
    before(async () => {
      d = apiDataset(10)
      t = await testApp(dialect, d.all)
      base = await t.listen()
      const db = t.db.handle.db
      const all: Scope[] = [...SCOPES]
      const make = async (
        name: string,
        organization: 'A' | 'B',
        workspace: string | null,
        scopes: Scope[],
        valid = true,
      ) => ({
        name,
        organization,
        workspace,
        scopes,
        valid,
        key: (
          await createKey(db, {
            organizationId: (organization === 'A' ? d.orgA.id : d.orgB.id) as string,
            workspaceId: workspace ?? undefined,
            scopes,
          })
        ).key,
      })
      kinds = [
        await make('organization A', 'A', null, all),
        await make('organization B', 'B', null, all),
        await make('workspace A2 only', 'A', d.a2, all),
        await make('breaches only', 'A', null, ['breaches:read']),
        await make('awareness only', 'A', null, ['awareness:read']),
        await make('simulation only', 'A', null, ['simulation:read']),
      ]
      const revoked = await createKey(db, { organizationId: d.orgA.id as string })
      await revokeKey(db, revoked.id)
      kinds.push({
        name: 'revoked',
        key: revoked.key,
        organization: 'A',
        workspace: null,
        scopes: all,
        valid: false,
      })
      // Made a minute ago, for one second: expired now.
      const expired = await createKey(
        db,
        { organizationId: d.orgA.id as string, expiresInSeconds: 1 },
        new Date(Date.now() - 60_000),
      )
      kinds.push({
        name: 'expired',
        key: expired.key,
        organization: 'A',
        workspace: null,
        scopes: all,
        valid: false,
      })
    })
    after(() => t?.close())

    test('every operation of the document has its isolation cases, but the events feed (test/events)', () => {
      assert.deepEqual(
        cases.map((c) => c.path).sort(),
        Object.keys(DOCUMENT.paths)
          .filter((path) => path !== '/v1/events')
          .sort(),
      )
    })

    test('property: every (route, key kind, target) answers as the oracle says', async () => {
      const workspaces = () => [d.a1, d.a2, d.b1, unknownId()]
      const orgOf = (ws: string) => (ws === d.b1 ? 'B' : ws === d.a1 || ws === d.a2 ? 'A' : null)
      await fc.assert(
        fc.asyncProperty(
          fc.nat(kinds.length - 1),
          fc.nat(cases.length - 1),
          fc.nat(3),
          fc.nat(3),
          async (k, c, w, pick) => {
            const kind = kinds[k] as KeyKind
            const route = cases[c] as IsolationCase
            const workspace = workspaces()[w] as string
            const id = route.id?.(d, pick) ?? ''
            const scope = scopeOf(route.path)
            const path = route.path.replace(/\{\w+\}/, id)
            const url =
              route.kind === 'workspace'
                ? `${path}?workspace_id=${workspace}${requiredQuery(route.path)}`
                : path
            const { status, body } = await get(base + url, kind.key)
            // The oracle.
            let expected: number
            let data: unknown
            let notFound: string | undefined
            if (!kind.valid) expected = 401
            else if (!kind.scopes.includes(scope)) expected = 403
            else if (route.kind === 'reach') {
              const organizationId = (kind.organization === 'A' ? d.orgA.id : d.orgB.id) as string
              data = route.data(d, id, { organizationId, workspace: kind.workspace })
              expected = data === null ? 404 : 200
            } else if (orgOf(workspace) !== kind.organization) {
              expected = 404
              notFound = 'workspace_not_found'
            } else if (kind.workspace !== null && kind.workspace !== workspace) expected = 403
            else if (
              route.notFound !== undefined &&
              d.all.find((r) => r.id === id)?.workspace_id !== workspace
            ) {
              // A path id of another workspace or organization, or of none: one answer.
              expected = 404
              notFound = route.notFound
            } else {
              expected = 200
              data = route.data(d, workspace, id)
            }
            assert.equal(status, expected, `${kind.name} ${url}: ${JSON.stringify(body).slice(0, 200)}`)
            if (expected === 200) assert.deepEqual(body.data, data, `${kind.name} ${url}`)
            if (notFound !== undefined) assert.equal(body.errors[0].code, notFound, `${kind.name} ${url}`)
          },
        ),
        { seed: SEED, numRuns: PROPERTY_RUNS },
      )
    })
  })
}
