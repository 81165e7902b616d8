// Pseudonymous reading (CONTRACT 19), on each database, of the lists that render people, walked at
// two page sizes: the employees (list, one, karma history), compromised employees with their
// breached addresses, group members and the reports' members. (Every operation, the feed and the
// webhooks: everywhere.test.ts.) Each item is the identified one with every person's id their
// kept pseudonym and their personal fields emptied, in the same order; no body or header carries a
// real id, name, username or address of the dataset; a path names an employee by pseudonym, and a
// real id there is a 404 like any unknown one; cursors are sealed.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { PERSONAL_FIELDS } from '../helpers/disclosure.js'
import type { Rec } from '../helpers/records.js'

type Json = Record<string, unknown>

/** The identified item as a pseudonymous key must see it, its people found by `isPerson`. */
function expectedOf(value: unknown, pseudonyms: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => expectedOf(v, pseudonyms))
  if (value === null || typeof value !== 'object') return value
  const o = value as Json
  const out: Json = {}
  const person =
    typeof o.id === 'string' && pseudonyms.has(o.id) && ('username' in o || 'primary_email_address' in o)
  for (const [k, v] of Object.entries(o)) {
    if (person && k === 'id') out[k] = pseudonyms.get(v as string)
    else if (person && PERSONAL_FIELDS.includes(k)) out[k] = Array.isArray(v) ? [] : null
    else if (k === 'breached_accounts') out[k] = (v as Json[]).map((a) => ({ ...a, email: null }))
    else out[k] = expectedOf(v, pseudonyms)
  }
  return out
}

/** Every real id, name, username and address of the dataset's employees. */
function secretsOf(d: ApiDataset): string[] {
  const out = new Set<string>()
  for (const e of d.all.filter((r) => r.type === 'employee') as Rec[]) {
    out.add(e.id as string)
    for (const k of ['name', 'username', 'primary_email_address'])
      if (typeof e[k] === 'string' && (e[k] as string).length > 3) out.add(e[k] as string)
    for (const a of (e.email_addresses as { address: string }[]) ?? []) out.add(a.address)
  }
  for (const c of d.all.filter((r) => r.type === 'compromised_employee') as Rec[])
    for (const a of (c.breached_accounts as { email: string }[]) ?? []) out.add(a.email)
  return [...out]
}

for (const { dialect, skip } of DIALECTS) {
  describe(`pseudonymous keys (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let identified: string
    let pseudonymous: string
    let pseudonyms: Map<string, string>
    let secrets: string[]
    before(async () => {
      d = apiDataset(30)
      t = await testApp(dialect, d.all)
      identified = await t.key({ organizationId: d.orgA.id as string })
      pseudonymous = await t.key({ organizationId: d.orgA.id as string, name: 'bi', privacy: 'pseudonymous' })
      const rows = await sql<{
        id: string
        pseudonym: string
      }>`select e.id, p.pseudonym from employees e left join employees_pseudonymous p on p.id = e.id`.execute(
        t.db.handle.db,
      )
      pseudonyms = new Map(rows.rows.map((r) => [r.id, r.pseudonym]))
      secrets = secretsOf(d)
    })
    after(() => t?.close())

    const lists = () => {
      const breach = d.all.find((r) => r.type === 'compromised_employee' && r.workspace_id === d.a1) as Rec
      const group = d.all.find((r) => r.type === 'group' && r.workspace_id === d.a1) as Rec
      return [
        `/v1/employees?workspace_id=${d.a1}`,
        `/v1/breaches/${breach.breach_id}/compromised-employees?workspace_id=${d.a1}`,
        `/v1/groups/${group.id}/employees?workspace_id=${d.a1}`,
        `/v1/reports/training_coverage?workspace_id=${d.a1}`,
        `/v1/reports/simulation_coverage?workspace_id=${d.a1}`,
        `/v1/courses/employees_progress?workspace_id=${d.a1}`,
      ]
    }

    test('each list is the identified one with its people pseudonymous, in the same order, walked at limits 1 and 7', async () => {
      for (const url of lists())
        for (const limit of [1, 7]) {
          const whole = await walk(t, url, identified, limit)
          assert.ok(whole.items.length > 0, url)
          const seen = await walk(t, url, pseudonymous, limit)
          assert.deepEqual(seen.items, expectedOf(whole.items, pseudonyms), `${url}, limit ${limit}`)
        }
    })

    test('no body or header of those answers holds a real id, name, username or address; cursors are sealed', async () => {
      for (const url of lists()) {
        let cursor: string | undefined
        do {
          const r = await t.request(url, {
            key: pseudonymous,
            headers: { 'x-item-limit': '2', ...(cursor ? { 'x-next-cursor': cursor } : {}) },
          })
          assert.equal(r.status, 200, r.body)
          const text = `${r.body}\n${JSON.stringify(r.headers)}`
          for (const secret of secrets) assert.ok(!text.includes(secret), `${url}: ${secret}`)
          cursor = r.headers['x-next-cursor'] as string | undefined
          if (cursor) assert.match(cursor, /^c2\./)
        } while (cursor)
      }
    })

    test('a path names an employee by pseudonym; their real id is a 404 like any unknown one', async () => {
      const e = d.employeesA1[4] as Rec
      const p = pseudonyms.get(e.id as string) as string
      const one = await t.request(`/v1/employees/${p}`, { key: pseudonymous })
      assert.equal(one.status, 200, one.body)
      const whole = await t.request(`/v1/employees/${e.id}`, { key: identified })
      assert.deepEqual(one.json, expectedOf(whole.json, pseudonyms))
      for (const path of [
        `/v1/employees/${e.id}`,
        `/v1/employees/${e.id}/karma_history?workspace_id=${d.a1}`,
      ]) {
        const r = await t.request(path, { key: pseudonymous })
        assert.equal(r.status, 404, r.body)
        assert.equal(r.json.errors[0].code, 'employee_not_found')
      }
      const history = await t.request(`/v1/employees/${p}/karma_history?workspace_id=${d.a1}`, {
        key: pseudonymous,
      })
      assert.equal(history.status, 200, history.body)
      assert.deepEqual(
        history.json,
        (await t.request(`/v1/employees/${e.id}/karma_history?workspace_id=${d.a1}`, { key: identified }))
          .json,
      )
      // A pseudonym means nothing to an identified key, nor another organization's to this one.
      assert.equal((await t.request(`/v1/employees/${p}`, { key: identified })).status, 404)
      const foreign = d.all.find(
        (r) => r.type === 'employee' && (r.workspace as { id: string }).id === d.b1,
      ) as Rec
      const theirs = pseudonyms.get(foreign.id as string) as string
      assert.ok(theirs && ![...d.employeesA1].some((x) => pseudonyms.get(x.id as string) === theirs))
      const refused = await t.request(`/v1/employees/${theirs}`, { key: pseudonymous })
      assert.equal(refused.status, 404, refused.body)
      assert.equal(refused.json.errors[0].code, 'employee_not_found')
    })
  })
}
