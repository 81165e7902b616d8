// For every route and every kind of key (organization, workspace-scoped, reduced scopes, revoked,
// expired), on a real listening server, the answer is the one an oracle computes from the dataset.

import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { createKey, revokeKey } from '../../src/keys/keys.js'
import { type TestApp, testApp } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset, unknownId } from '../helpers/dataset.js'
import * as oracle from '../helpers/oracle.js'
import { RUNS, SEED } from '../helpers/seed.js'
import * as campaignOracle from '../resources/campaigns/oracle.js'
import { enrolled } from '../resources/courses/oracle.js'
import * as groupOracle from '../resources/groups/oracle.js'

const PROPERTY_RUNS = RUNS * 10

type Scope = 'workspace:read' | 'awareness:read' | 'breaches:read' | 'groups:read' | 'simulation:read'
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
      const all: Scope[] = [
        'workspace:read',
        'awareness:read',
        'breaches:read',
        'groups:read',
        'simulation:read',
      ]
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
      const expired = await createKey(db, { organizationId: d.orgA.id as string, expiresInSeconds: 1 })
      kinds.push({
        name: 'expired',
        key: expired.key,
        organization: 'A',
        workspace: null,
        scopes: all,
        valid: false,
      })
      await new Promise((r) => setTimeout(r, 1100))
    })
    after(() => t?.close())

    test('property: every (route, key kind, target) answers as the oracle says', async () => {
      const workspaces = () => [d.a1, d.a2, d.b1, unknownId()]
      const employees = () => [d.employeesA1[2]?.id as string, d.foreignEmployee.id as string, unknownId()]
      // A group of each workspace, and one that exists nowhere.
      const groupOf = (ws: string) =>
        d.all.find((r) => r.type === 'group' && r.workspace_id === ws)?.id as string
      const groups = () => [groupOf(d.a1), groupOf(d.a2), groupOf(d.b1), unknownId()]
      // The same for campaigns and courses (the first of each workspace).
      const firstOf = (type: string, ws: string) =>
        d.all.find((r) => r.type === type && r.workspace_id === ws)?.id as string
      const campaigns = () => [
        firstOf('campaign', d.a1),
        firstOf('campaign', d.a2),
        firstOf('campaign', d.b1),
        unknownId(),
      ]
      const courses = () => [
        firstOf('course', d.a1),
        firstOf('course', d.a2),
        firstOf('course', d.b1),
        unknownId(),
      ]
      await fc.assert(
        fc.asyncProperty(
          fc.nat(kinds.length - 1),
          fc.constantFrom(
            'employees',
            'employee',
            'courses',
            'progress',
            'statistics',
            'breaches',
            'compromised',
            'organization',
            'groups',
            'members',
            'campaigns',
            'attacks',
            'simulation',
            'course',
          ),
          fc.nat(3),
          fc.nat(2),
          fc.nat(3),
          async (k, route, w, e, g) => {
            const kind = kinds[k] as KeyKind
            const workspace = workspaces()[w] as string
            const employee = employees()[e] as string
            const group = groups()[g] as string
            const campaign = campaigns()[g] as string
            const course = courses()[g] as string
            // The id a route takes from its path, and the 404 code of one out of reach.
            const pathId = { members: group, attacks: campaign, course }[route as 'members']
            const notFoundCode = {
              members: 'group_not_found',
              attacks: 'campaign_not_found',
              course: 'course_not_found',
            }[route as 'members']
            const orgOf = (ws: string) => (ws === d.b1 ? 'B' : ws === d.a1 || ws === d.a2 ? 'A' : null)
            const scope: Scope =
              route === 'employees' || route === 'employee' || route === 'organization'
                ? 'workspace:read'
                : route === 'breaches' || route === 'compromised'
                  ? 'breaches:read'
                  : route === 'groups' || route === 'members'
                    ? 'groups:read'
                    : route === 'campaigns' || route === 'attacks' || route === 'simulation'
                      ? 'simulation:read'
                      : 'awareness:read'
            const url = {
              employees: `/v1/employees?workspace_id=${workspace}`,
              employee: `/v1/employees/${employee}`,
              courses: `/v1/courses?workspace_id=${workspace}`,
              progress: `/v1/courses/employees_progress?workspace_id=${workspace}`,
              statistics: `/v1/courses/statistics?workspace_id=${workspace}`,
              breaches: `/v1/breaches?workspace_id=${workspace}`,
              compromised: `/v1/breaches/${d.sharedBreachId}/compromised-employees?workspace_id=${workspace}`,
              organization: '/v1/organization',
              groups: `/v1/groups?workspace_id=${workspace}`,
              members: `/v1/groups/${group}/employees?workspace_id=${workspace}`,
              campaigns: `/v1/campaigns?workspace_id=${workspace}`,
              attacks: `/v1/campaigns/${campaign}/attacks?workspace_id=${workspace}`,
              simulation: `/v1/campaigns/statistics?workspace_id=${workspace}`,
              course: `/v1/courses/${course}?workspace_id=${workspace}`,
            }[route]
            const { status, body } = await get(base + url, kind.key)
            // The oracle.
            let expected: number
            let data: unknown
            if (!kind.valid) expected = 401
            else if (!kind.scopes.includes(scope)) expected = 403
            else if (route === 'organization') {
              expected = 200
              data = oracle.organization(
                d.all,
                (kind.organization === 'A' ? d.orgA.id : d.orgB.id) as string,
                kind.workspace ?? undefined,
              )
            } else if (route === 'employee') {
              const record = d.all.find((r) => r.type === 'employee' && r.id === employee)
              const ws = record ? ((record.workspace as { id: string }).id as string) : null
              const reachable =
                ws !== null &&
                orgOf(ws) === kind.organization &&
                (kind.workspace === null || kind.workspace === ws)
              expected = reachable ? 200 : 404
              if (reachable) data = oracle.employeeJson(record as never, d.all)
            } else if (orgOf(workspace) !== kind.organization) expected = 404
            else if (kind.workspace !== null && kind.workspace !== workspace) expected = 403
            else if (pathId !== undefined && d.all.find((r) => r.id === pathId)?.workspace_id !== workspace) {
              // A group, campaign or course of another workspace or organization, or of none: one answer.
              expected = 404
            } else {
              expected = 200
              data = {
                employees: () => oracle.employees(d.all, workspace).slice(0, 50),
                courses: () => oracle.courses(d.all, workspace),
                progress: () => oracle.progress(d.all, workspace),
                statistics: () => oracle.statistics(d.all, workspace, Date.now()),
                breaches: () => oracle.breaches(d.all, workspace),
                compromised: () => oracle.compromised(d.all, workspace, d.sharedBreachId),
                groups: () => groupOracle.groups(d.all, workspace),
                members: () => groupOracle.members(d.all, group),
                campaigns: () => campaignOracle.campaigns(d.all, workspace),
                attacks: () => campaignOracle.attacks(d.all, campaign).slice(0, 50),
                simulation: () => campaignOracle.statistics(d.all, workspace),
                course: () => enrolled(d.all, workspace, course).slice(0, 50),
              }[route as 'employees']()
            }
            assert.equal(status, expected, `${kind.name} ${url}: ${JSON.stringify(body).slice(0, 200)}`)
            if (data !== undefined) assert.deepEqual(body.data, data, `${kind.name} ${url}`)
            if (expected === 404 && route !== 'employee')
              assert.equal(
                body.errors[0].code,
                orgOf(workspace) === kind.organization ? notFoundCode : 'workspace_not_found',
              )
          },
        ),
        { seed: SEED, numRuns: PROPERTY_RUNS },
      )
    })
  })
}
