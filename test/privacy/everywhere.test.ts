// CONTRACT 19's pseudonymous keys, everywhere, on each database: every operation of the document
// and the events feed (every event type, previous attributes included, employees deleted since
// named too), and the bodies of pseudonymous webhook endpoints in JSON and OCSF. No body or header
// holds a real id, name, username or address of the dataset; each answer is the identified one with
// every person's id their pseudonym and their personal fields emptied; two keys, and another app
// on the same database (a restart), see the same; after rotate-pseudonyms every pseudonym changed
// and the cursors issued before are refused.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { loadConfig } from '../../src/config/config.js'
import { buildApp } from '../../src/http/app.js'
import { eraseEmployees } from '../../src/importer/erase.js'
import { importSources } from '../../src/importer/import.js'
import type { FeedEvent } from '../../src/ocsf/render.js'
import { pseudonymOf } from '../../src/privacy/pseudonyms.js'
import { EVENT_TYPES, OCSF_RENDERER } from '../../src/resources/index.js'
import { createEndpoint } from '../../src/webhooks/endpoints.js'
import { type TestApp, testApp, walk } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS } from '../helpers/databases.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'
import { PERSONAL_FIELDS } from '../helpers/disclosure.js'
import { deliverAll, pendingDeliveries } from '../helpers/pseudonymous-deliveries.js'
import type { Rec } from '../helpers/records.js'
import { source } from '../helpers/records.js'
import { type RouteCase, routeCases } from '../helpers/routes.js'

type Json = Record<string, unknown>

/** A person's fields as a pseudonymous reader sees them (their id aside): the personal ones emptied. */
function personalHidden(o: Json, pseudonyms: Map<string, string>): Json {
  const out: Json = {}
  for (const [k, v] of Object.entries(o)) {
    if (PERSONAL_FIELDS.includes(k)) out[k] = Array.isArray(v) ? [] : null
    else out[k] = expectedOf(v, pseudonyms)
  }
  return out
}

/** An employee's previous attributes as a pseudonymous reader sees them: none of its personal fields. */
function previousShown(previous: Json, pseudonyms: Map<string, string>): Json | undefined {
  const shown = Object.entries(previous).filter(([k]) => !PERSONAL_FIELDS.includes(k))
  return shown.length === 0 ? undefined : (expectedOf(Object.fromEntries(shown), pseudonyms) as Json)
}

/** The identified value as a pseudonymous key must see it: a person is an object with an id and a username or address. */
function expectedOf(value: unknown, pseudonyms: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => expectedOf(v, pseudonyms))
  if (value === null || typeof value !== 'object') return value
  const o = value as Json
  const person = typeof o.id === 'string' && ('username' in o || 'primary_email_address' in o)
  if (person) {
    const pseudonym = pseudonyms.get(o.id as string)
    assert.ok(pseudonym, `a person of the dataset: ${o.id}`)
    return { ...personalHidden(o, pseudonyms), id: pseudonym }
  }
  const out: Json = {}
  for (const [k, v] of Object.entries(o)) {
    if (k === 'breached_accounts') out[k] = (v as Json[]).map((a) => ({ ...a, email: null }))
    else out[k] = expectedOf(v, pseudonyms)
  }
  return out
}

/** An identified event as a pseudonymous reader must see it: none, when only personal fields changed. */
function expectedEvent(event: FeedEvent, pseudonyms: Map<string, string>): unknown[] {
  // An erased employee's event names them by their id alone (CONTRACT 20): their pseudonym.
  if (event.type === 'employee.erased') {
    const { id } = event.data.object as { id: string }
    assert.ok(pseudonyms.has(id), `a person of the dataset: ${id}`)
    return [{ ...event, data: { object: { id: pseudonyms.get(id) } } }]
  }
  const previous = event.data.previous_attributes
  const object = expectedOf(event.data.object, pseudonyms)
  if (previous === undefined) return [{ ...event, data: { object } }]
  const shown = event.type.startsWith('employee.')
    ? previousShown(previous, pseudonyms)
    : (expectedOf(previous, pseudonyms) as Json)
  return shown === undefined ? [] : [{ ...event, data: { object, previous_attributes: shown } }]
}

/** Every real id, name, username and address of these records' employees. */
function secretsOf(records: readonly Rec[]): Set<string> {
  const out = new Set<string>()
  for (const e of records.filter((r) => r.type === 'employee')) {
    out.add(e.id as string)
    for (const k of ['name', 'username', 'primary_email_address', 'job_title'])
      if (typeof e[k] === 'string' && (e[k] as string).length > 3) out.add(e[k] as string)
    for (const a of (e.email_addresses as { address: string }[]) ?? []) out.add(a.address)
  }
  for (const c of records.filter((r) => r.type === 'compromised_employee'))
    for (const a of (c.breached_accounts as { email: string }[]) ?? []) out.add(a.email)
  // Job titles shared with other words ("Engineer") would match a course's text: ids and names suffice.
  for (const e of records.filter((r) => r.type === 'employee')) out.delete(e.job_title as string)
  return out
}

function assertNoSecret(text: string, secrets: Set<string>, where: string): void {
  for (const secret of secrets) assert.ok(!text.includes(secret), `${where}: ${secret}`)
}

/**
 * The second import: in workspace A1, employees renamed (employee.updated, old names in the previous
 * attributes), a course, group, campaign, breach and ticket renamed, and with --replace two
 * employees, a course, a breach, a group, a campaign and a ticket dropped with every record naming
 * them (their *.deleted events, and the updates they cause).
 */
function secondImport(d: ApiDataset): Rec[] {
  const a1 = (r: Rec) => r.workspace_id === d.a1 || (r.workspace as { id?: string } | undefined)?.id === d.a1
  const firstOf = (type: string, n = 0) => d.all.filter((r) => r.type === type && a1(r))[n] as Rec
  const dropped = new Set<string>([
    d.employeesA1[5]?.id as string,
    d.employeesA1[8]?.id as string,
    firstOf('course', 4).id as string,
    d.breachesA1[3]?.id as string,
    firstOf('group', 1).id as string,
    firstOf('campaign', 1).id as string,
    firstOf('inbox_ticket', 1).id as string,
  ])
  const renamed = new Set(
    [3, 4, 6, 7]
      .map((i) => d.employeesA1[i]?.id as string)
      .concat(
        ['course', 'group', 'campaign', 'breach', 'inbox_ticket'].map((type) => firstOf(type).id as string),
      ),
  )
  return d.all
    .filter((r) => ![...dropped].some((id) => JSON.stringify(r).includes(id)))
    .map((r) => {
      if (!renamed.has(r.id as string)) return r
      if (r.type === 'employee') return { ...r, name: `Renamed ${r.id}`, job_title: 'Renamed title' }
      if (r.type === 'inbox_ticket')
        return { ...r, classification: 'spam', classified_at: r.updated_at, fraud_type: null }
      return { ...r, name: `${r.name} (renamed)` }
    })
}

for (const { dialect, skip } of DIALECTS) {
  describe(`pseudonymous keys everywhere (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let org: string
    let identified: string
    let bi: string
    let dashboard: string
    let pseudonyms: Map<string, string>
    let secrets: Set<string>
    const bodies: { endpoint: string; body: string }[] = []
    let endpoints: { json: string; ocsf: string }
    let cases: RouteCase[]

    before(async () => {
      d = apiDataset(30)
      org = d.orgA.id as string
      // The organizations first: endpoints are made for one that exists, before the events.
      // Keys read afresh on each request: a rotation reaches a key's cursors once its cache expires.
      t = await testApp(
        dialect,
        d.all.filter((r) => r.type === 'organization' || r.type === 'workspace'),
        { KEY_CACHE_SECONDS: '0' },
      )
      const settings = { eventTypes: EVENT_TYPES, allowPrivate: true, secretsKey: undefined }
      const endpoint = async (format: 'json' | 'ocsf') =>
        (
          await createEndpoint(
            t.db.handle.db,
            { organizationId: org, url: `http://127.0.0.1:9/${format}`, format, privacy: 'pseudonymous' },
            settings,
          )
        ).id
      endpoints = { json: await endpoint('json'), ocsf: await endpoint('ocsf') }
      await importSources(t.db.handle, [source(d.all)])
      const second = secondImport(d)
      await importSources(t.db.handle, [source(second)], { replace: true })
      // An erasure: its employee.erased event, and the feed without the events that named them.
      await eraseEmployees(t.db.handle, org, [d.employeesA1[10]?.id as string])
      identified = await t.key({ organizationId: org })
      bi = await t.key({ organizationId: org, privacy: 'pseudonymous', name: 'bi' })
      dashboard = await t.key({ organizationId: org, privacy: 'pseudonymous', name: 'dashboard' })
      // Every employee's pseudonym, those deleted since included, by the contract's construction.
      const { rows } = await sql<{ secret: string }>`select secret from pseudonym_secrets
        where organization_id = ${org}`.execute(t.db.handle.db)
      const secret = Buffer.from(rows[0]?.secret as string, 'base64')
      pseudonyms = new Map(
        d.all
          .filter((r) => r.type === 'employee')
          .map((e) => [e.id as string, pseudonymOf(secret, e.id as string)]),
      )
      secrets = secretsOf([...d.all, ...second])
      cases = routeCases(d)
    })
    after(() => t?.close())

    test('the kept pseudonyms are the contract construction of each employee id', async () => {
      const { rows } = await sql<{
        id: string
        pseudonym: string
      }>`select e.id, p.pseudonym from employees e left join employees_pseudonymous p on p.id = e.id
        join workspaces w on w.id = e.workspace_id where w.organization_id = ${org}`.execute(t.db.handle.db)
      assert.ok(rows.length > 30)
      for (const r of rows) assert.equal(r.pseudonym, pseudonyms.get(r.id), r.id)
    })

    /** A case's URL as a pseudonymous key names it: an employee in its path by pseudonym. */
    const urlOf = (c: RouteCase) =>
      c.pathType === 'employee' && c.withPathId
        ? c.withPathId(pseudonyms.get(d.employeesA1[1]?.id as string) as string)
        : c.url
    const answer = async (url: string, key: string, paged: boolean) => {
      if (paged) return (await walk(t, url, key, 7, ['headers'])).items
      const r = await t.request(url, { key })
      assert.equal(r.status, 200, `${url}: ${r.body}`)
      return r.json.data
    }

    test('every operation answers the identified items with their people pseudonymous, the same to two keys', async () => {
      const all = [
        ...cases.map((c) => ({ c, url: c.url, seen: urlOf(c) })),
        ...cases
          .filter((c) => c.name === 'listReportBreakdown')
          .map((c) => ({ c, url: c.url.replace(/by=\w+/, 'by=manager'), seen: '' })),
      ]
      for (const { c, url, seen } of all) {
        const paged = c.max !== undefined
        const mine = await answer(seen || url, bi, paged)
        assert.deepEqual(await answer(seen || url, dashboard, paged), mine, `${url}: another key`)
        const whole = await answer(url, identified, paged)
        if (url.includes('by=manager')) {
          // Each manager's key their pseudonym and no name, ordered by the key shown (the null row last).
          const expected = (whole as Json[])
            .map(
              (row): Json => ({
                ...row,
                key: row.key === null ? null : (pseudonyms.get(row.key as string) as string),
                name: null,
              }),
            )
            .sort((a, b) =>
              (a.key === null) !== (b.key === null)
                ? a.key === null
                  ? 1
                  : -1
                : (b.employees_count as number) - (a.employees_count as number) ||
                  Buffer.compare(Buffer.from((a.key as string) ?? ''), Buffer.from((b.key as string) ?? '')),
            )
          assert.ok(expected.length > 1)
          assert.deepEqual(mine, expected, url)
        } else if (c.name === 'listEvents') {
          const types = new Set((whole as FeedEvent[]).map((e) => e.type))
          for (const type of EVENT_TYPES) assert.ok(types.has(type), `the feed records ${type}`)
          assert.ok(
            (whole as FeedEvent[]).some(
              (e) => e.type === 'employee.updated' && e.data.previous_attributes?.name,
            ),
          )
          assert.deepEqual(
            mine,
            (whole as FeedEvent[]).flatMap((e) => expectedEvent(e, pseudonyms)),
            url,
          )
        } else assert.deepEqual(mine, expectedOf(whole, pseudonyms), url)
      }
    })

    test('no body or header of any answer holds a real id, name, username or address; cursors are sealed', async () => {
      const paged = cases.filter((c) => c.max !== undefined).map(urlOf)
      const urls = [
        ...cases.filter((c) => c.max === undefined).map((c) => ({ url: urlOf(c), paged: false })),
        ...[
          ...paged,
          ...paged.filter((u) => u.includes('by=')).map((u) => u.replace(/by=\w+/, 'by=manager')),
          `/v1/events?workspace_id=${d.a1}&format=ocsf`,
        ].map((url) => ({ url, paged: true })),
      ]
      for (const { url, paged } of urls) {
        let cursor: string | undefined
        do {
          const r = await t.request(url, {
            key: bi,
            headers: paged ? { 'x-item-limit': '3', ...(cursor ? { 'x-next-cursor': cursor } : {}) } : {},
          })
          assert.equal(r.status, 200, `${url}: ${r.body}`)
          assertNoSecret(`${r.body}\n${JSON.stringify(r.headers)}`, secrets, url)
          cursor = r.headers['x-next-cursor'] as string | undefined
          if (cursor) assert.match(cursor, /^c2\./)
        } while (cursor)
      }
    })

    test('pseudonymous webhook endpoints receive the feed as the key sees it, in JSON and in OCSF', async () => {
      assert.ok((await pendingDeliveries(t)) > 100)
      bodies.push(...(await deliverAll(t, dialect)))
      // An update of nothing but personal fields is not sent: its delivery goes.
      const { rows } = await sql<{ n: number }>`select count(*) as n from webhook_deliveries`.execute(
        t.db.handle.db,
      )
      const expected = Number(rows[0]?.n)
      assert.equal(bodies.length, expected)
      const feed = new Map<string, FeedEvent>()
      for (const ws of [d.a1, d.a2])
        for (const e of (await walk(t, `/v1/events?workspace_id=${ws}`, bi, 1000, ['headers'])).items)
          feed.set(e.id, e)
      for (const { endpoint, body } of bodies) {
        assertNoSecret(body, secrets, endpoint)
        const received = JSON.parse(body)
        if (endpoint === '/json') assert.deepEqual(received, feed.get(received.id))
        else {
          const event = feed.get(received.metadata.uid) as FeedEvent
          assert.deepEqual(received, JSON.parse(JSON.stringify(OCSF_RENDERER(event, org))))
        }
      }
      // Each endpoint received every event of the organization once.
      const to = (path: string) => bodies.filter((b) => b.endpoint === path).length
      assert.deepEqual([to('/json'), to('/ocsf')], [expected / 2, expected / 2])
      const { rows: byEndpoint } = await sql<{ endpoint_id: string; n: number }>`
        select endpoint_id, count(*) as n from webhook_deliveries group by endpoint_id`.execute(
        t.db.handle.db,
      )
      assert.deepEqual(
        new Set(byEndpoint.map((r) => r.endpoint_id)),
        new Set([endpoints.json, endpoints.ocsf]),
      )
    })

    test('another app on the same database (a restart) answers the same pseudonyms', async () => {
      const again = await buildApp({
        config: loadConfig({}, { CURSOR_SECRET: 'test-secret-test-secret-test-secret!' }),
        database: t.db.handle,
      })
      try {
        for (const url of [`/v1/employees?workspace_id=${d.a1}`, `/v1/events?workspace_id=${d.a1}`]) {
          const before = await t.request(url, { key: bi })
          const r = await again.inject({ url, headers: { 'x-api-key': bi } })
          assert.equal(r.statusCode, 200)
          assert.equal(r.body, before.body)
        }
      } finally {
        await again.close()
      }
    })

    test('after rotate-pseudonyms every pseudonym changed, and cursors issued before are refused', async () => {
      const url = `/v1/employees?workspace_id=${d.a1}`
      const first = await t.request(url, { key: bi, headers: { 'x-item-limit': '2' } })
      const cursor = first.headers['x-next-cursor'] as string
      assert.ok(cursor)
      const before = new Set((await walk(t, url, bi, 100, ['headers'])).items.map((e) => e.id))
      const r = await runCli(['organizations', 'rotate-pseudonyms', org, '--database', t.db.url])
      assert.equal(r.code, 0, r.stderr)
      const now = (await walk(t, url, bi, 100, ['headers'])).items.map((e) => e.id)
      assert.equal(now.length, before.size)
      for (const id of now) assert.ok(!before.has(id), id)
      const refused = await t.request(url, { key: bi, headers: { 'x-next-cursor': cursor } })
      assert.equal(refused.status, 422, refused.body)
      assert.equal(refused.json.errors[0].code, 'invalid_cursor')
    })
  })
}
