// OCSF renderings (docs/ocsf.md): the JSON Schemas generated from the vendored OCSF release do not
// drift; our class constants are that release's; every event type renders as its golden file says,
// valid against its class; the feed's ?format=ocsf pages, and `export events --format ocsf`, equal
// the rendering of its JSON pages, item for item, with paging, after= and isolation unchanged, on
// both databases. (Webhooks in OCSF: test/webhooks/ocsf.test.ts.)

import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { OBSERVABLE_TYPE, OCSF_CLASSES, OCSF_VERSION } from '../../src/ocsf/classes.js'
import type { FeedEvent } from '../../src/ocsf/render.js'
import { OCSF_EMAIL } from '../../src/resources/employees/ocsf.js'
import { EVENT_TYPES } from '../../src/resources/index.js'
import { OCSF_ROOT, ocsfSchemasText } from '../../tools/ocsf-schemas.js'
import { servedDataset, type TestApp, walk } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { DIALECTS } from '../helpers/databases.js'
import { unknownId } from '../helpers/dataset.js'
import { OCSF_CLASS_INFO, OCSF_SCHEMAS, ocsfErrors, toOcsf } from '../helpers/ocsf.js'
import { DOCUMENT } from '../helpers/openapi-document.js'
import { ROOT_URL } from '../helpers/root.js'

const GOLDEN = new URL('test/fixtures/ocsf/golden/', ROOT_URL)
const ORGANIZATION = '5b7e0c3a-9d2f-4e1b-8a6c-0f1e2d3c4b5a'

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

test('the committed OCSF class schemas are what the vendored release generates', () => {
  const committed = readFileSync(new URL('test/fixtures/ocsf/schemas.json', ROOT_URL), 'utf8')
  assert.ok(committed === ocsfSchemasText(), 'test/fixtures/ocsf/schemas.json drifted: run npm run openapi')
})

test('the vendored schema is a released version, and our class constants are its own', () => {
  const version = readJson(`${OCSF_ROOT}version.json`).version as string
  assert.match(version, /^\d+\.\d+\.\d+$/, 'a release, not a -dev version')
  assert.equal(OCSF_VERSION, version)
  assert.equal(OCSF_SCHEMAS['x-ocsf-version'], version)
  for (const ours of OCSF_CLASSES) {
    const theirs = OCSF_CLASS_INFO[ours.name]
    assert.ok(theirs, ours.name)
    assert.equal(ours.uid, theirs.uid, ours.name)
    assert.equal(ours.caption, theirs.caption, ours.name)
    assert.deepEqual(ours.category, theirs.category, ours.name)
    for (const [id, caption] of Object.entries(ours.activities))
      assert.equal(caption, theirs.captions.activity_id[id], `${ours.name} activity ${id}`)
  }
  const emailType = readJson(`${OCSF_ROOT}dictionary.json`).types.attributes.email_t
  assert.equal(OCSF_EMAIL.source, emailType.regex)
  assert.deepEqual(OBSERVABLE_TYPE.emailAddress, [emailType.observable, emailType.caption])
})

/** The document's example event of a webhook type (the committed openapi.json). */
function example(type: string): FeedEvent {
  const content = DOCUMENT.webhooks[type].post.requestBody.content['application/json']
  return structuredClone(content.examples.example.value)
}

/** Each type's example, and the variants that take another branch of its mapping. */
function cases(type: string): [string, FeedEvent][] {
  const base = example(type)
  const variant = (name: string, change: (e: any) => void): [string, FeedEvent] => {
    const e: any = structuredClone(base)
    change(e)
    return [name, e]
  }
  const list: [string, FeedEvent][] = [['example', base]]
  if (type === 'employee.updated')
    list.push(
      variant('deactivated', (e) => {
        e.data.object.status = 'deactivated'
        e.data.previous_attributes = { status: 'active' }
      }),
      variant('reactivated', (e) => {
        e.data.previous_attributes = { status: 'deactivated' }
      }),
      variant('karma dropped, sparse employee', (e) => {
        Object.assign(e.data.object, {
          name: null,
          username: null,
          primary_email_address: 'ops@localhost',
          email_addresses: [{ address: 'ops@localhost', is_primary: true, source: 'custom' }],
          country_code: null,
          department: null,
          job_title: null,
          language: null,
          karma: { score: 120, security_level: 'dangerous' },
          manager: null,
        })
        e.data.previous_attributes = { karma: { score: 361, security_level: 'good' } }
      }),
    )
  if (type === 'course_progress.updated')
    list.push(
      variant('a course missed', (e) => {
        e.data.object.courses_progress[0].status = 'missed'
        e.data.previous_attributes = { courses_progress: (base.data.object as any).courses_progress }
      }),
    )
  if (type === 'breach.updated')
    list.push(
      variant('resolved, low', (e) => {
        Object.assign(e.data.object, { status: 'resolved', criticality: 'low' })
        e.data.previous_attributes = { status: 'active' }
      }),
    )
  if (type === 'compromised_employee.updated')
    list.push(
      variant('acknowledged', (e) => {
        e.data.object.acknowledged_at = '2026-10-03T00:00:00.000000Z'
        e.data.previous_attributes = { acknowledged_at: null }
      }),
      variant('not warned', (e) => {
        e.data.object.warned_at = null
      }),
    )
  if (type === 'attack.updated')
    list.push(
      variant('tricked', (e) => {
        const attack = e.data.object
        attack.tricked_at = '2026-01-12T09:19:00.000000Z'
        attack.reported_at = null
        attack.events = [
          attack.events[0],
          {
            id: '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e',
            type: 'employee_tricked',
            created_at: attack.tricked_at,
          },
        ]
        attack.campaign_cycle = null
        e.data.previous_attributes = { tricked_at: null, reported_at: '2026-01-12T09:20:41.003000Z' }
      }),
    )
  if (type === 'inbox_ticket.created')
    list.push(
      variant('unreviewed, no reports yet', (e) => {
        Object.assign(e.data.object, {
          classification: null,
          fraud_type: null,
          classified_at: null,
          reports_count: 0,
          first_reported_at: null,
        })
      }),
    )
  if (type === 'inbox_ticket.updated')
    list.push(
      variant('classified spam', (e) => {
        Object.assign(e.data.object, { classification: 'spam', fraud_type: null })
        e.data.previous_attributes = { classification: null, fraud_type: null, classified_at: null }
      }),
      variant('classified safe', (e) => {
        Object.assign(e.data.object, { classification: 'safe', fraud_type: null })
        e.data.previous_attributes = { classification: null, fraud_type: null, classified_at: null }
      }),
    )
  if (type === 'inbox_ticket.deleted')
    list.push(
      variant('deleted, classified safe', (e) => {
        Object.assign(e.data.object, { classification: 'safe', fraud_type: null })
      }),
    )
  if (type === 'attack.created')
    list.push(
      variant('not sent yet', (e) => {
        Object.assign(e.data.object, { sent_at: null, tricked_at: null, reported_at: null, events: [] })
      }),
    )
  return list
}

describe('every event type in OCSF, against its golden file', () => {
  const update = process.env.UPDATE_GOLDEN === '1'
  if (update) mkdirSync(GOLDEN, { recursive: true })
  for (const type of [...EVENT_TYPES, 'webhook.ping']) {
    test(type, () => {
      const rendered = cases(type).map(([name, event]) => {
        const ocsf = toOcsf(event, ORGANIZATION)
        assert.equal(ocsfErrors(ocsf), null, `${type}, ${name}`)
        assert.equal((ocsf.metadata as { uid: string }).uid, event.id)
        assert.equal((ocsf.metadata as { log_name: string }).log_name, type)
        return { case: name, ocsf }
      })
      const file = new URL(`${type}.json`, GOLDEN)
      const text = `${JSON.stringify(rendered, null, 2)}\n`
      if (update) writeFileSync(file, text)
      assert.ok(existsSync(file), `no golden file for ${type}: run with UPDATE_GOLDEN=1`)
      assert.deepEqual(rendered, readJson(file.pathname), `${type} differs from its golden file`)
    })
  }
})

test('karma is never a risk_score: each security level gives its risk level, the karma stays in unmapped', () => {
  const levels: [string, number, string][] = [
    ['dangerous', 4, 'Critical'],
    ['bad', 3, 'High'],
    ['ok', 2, 'Medium'],
    ['good', 1, 'Low'],
    ['great', 0, 'Info'],
    ['excellent', 0, 'Info'],
    ['exceptional', 0, 'Info'],
  ]
  for (const type of ['employee.created', 'employee.updated', 'employee.deleted']) {
    for (const [level, id, caption] of levels) {
      const event = example(type) as any
      event.data.object.karma = { score: 777, security_level: level }
      const ocsf = toOcsf(event, ORGANIZATION) as any
      assert.equal(ocsfErrors(ocsf), null)
      assert.equal(ocsf.user.risk_score, undefined, `${type} ${level}`)
      assert.deepEqual([ocsf.user.risk_level_id, ocsf.user.risk_level], [id, caption], `${type} ${level}`)
      assert.deepEqual(ocsf.unmapped.karma, { score: 777, security_level: level })
    }
  }
  const unknown = example('employee.updated') as any
  unknown.data.object.karma = null
  const ocsf = toOcsf(unknown, ORGANIZATION) as any
  assert.deepEqual(
    [ocsf.user.risk_score, ocsf.user.risk_level_id, ocsf.unmapped.karma],
    [undefined, undefined, null],
  )
})

test('the check refuses what OCSF refuses', () => {
  const good = toOcsf(example('employee.created'), ORGANIZATION) as any
  assert.equal(ocsfErrors(good), null)
  const broken = (change: (e: any) => void) => {
    const e = structuredClone(good)
    change(e)
    return ocsfErrors(e)
  }
  assert.match(String(broken((e) => (e.user.email_addr = 'not an address'))), /pattern/)
  assert.match(String(broken((e) => delete e.metadata.product)), /product/)
  assert.match(String(broken((e) => (e.user.nickname = 'x'))), /additional/)
  assert.match(String(broken((e) => (e.activity_id = 3))), /activity_name|type_uid/)
  assert.match(String(broken((e) => (e.severity = 'High'))), /severity/)
  assert.match(String(broken((e) => (e.user = { type: 'User' }))), /must match/)
})

for (const { dialect, skip } of DIALECTS) {
  describe(`GET /v1/events?format=ocsf (${dialect})`, { skip }, () => {
    let t: TestApp
    let key: string
    let ws: string
    let foreign: string
    let organization: string
    before(async () => {
      const served = await servedDataset(dialect)
      t = served.t
      key = served.key
      ws = served.d.a1
      foreign = served.d.b1
      organization = served.d.orgA.id as string
    })
    after(async () => t.close())

    test('walks equal the JSON feed rendered in OCSF, item for item, at limits 1, 7 and 100', async () => {
      const native = (await walk(t, `/v1/events?workspace_id=${ws}`, key, 1000)).items
      const types = new Set(native.map((e) => e.type))
      for (const expected of ['employee.created', 'attack.created', 'group.created', 'campaign.created'])
        assert.ok(types.has(expected), `the dataset records ${expected}`)
      const expected = native.map((e) => toOcsf(e, organization))
      for (const limit of [1, 7, 100]) {
        const { items } = await walk(t, `/v1/events?workspace_id=${ws}&format=ocsf`, key, limit)
        assert.deepEqual(items, expected, `limit ${limit}`)
      }
      const explicit = (await walk(t, `/v1/events?workspace_id=${ws}&format=json`, key, 100)).items
      assert.deepEqual(explicit, native)
    })

    test('after= and type= read the same positions in both formats', async () => {
      const native = (await walk(t, `/v1/events?workspace_id=${ws}&type=attack.created`, key, 1000)).items
      const from = native[2].id as string
      const rest = native.slice(3).map((e) => toOcsf(e, organization))
      const { items } = await walk(
        t,
        `/v1/events?workspace_id=${ws}&type=attack.created&after=${from}&format=ocsf`,
        key,
        7,
      )
      assert.deepEqual(items, rest)
    })

    test('a cursor of one format is refused in the other; an unknown format is a 422', async () => {
      const first = await t.request(`/v1/events?workspace_id=${ws}&limit=1&format=ocsf`, { key })
      const cursor = first.headers['x-next-cursor'] as string
      assert.ok(cursor)
      assert.match(String(first.headers.link), /format=ocsf/)
      const other = await t.request(`/v1/events?workspace_id=${ws}&limit=1&cursor=${cursor}`, { key })
      assert.equal(other.status, 422)
      assert.equal(other.json.errors[0].code, 'invalid_cursor')
      const bad = await t.request(`/v1/events?workspace_id=${ws}&format=cef`, { key })
      assert.equal(bad.status, 422)
      assert.equal(bad.json.errors[0].source.parameter, 'format')
    })

    test('awareness export events --format ocsf writes the OCSF feed as NDJSON; other exports refuse it', async () => {
      const url = await t.listen()
      const env = { AWARENESS_API_KEY: key }
      const native = (await walk(t, `/v1/events?workspace_id=${ws}`, key, 1000)).items
      const from = native[4].id as string
      const exported = await runCli(
        ['export', 'events', '--workspace', ws, '--after', from, '--format', 'ocsf', '--url', url],
        { env },
      )
      assert.equal(exported.code, 0, exported.stderr)
      const lines = exported.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
      assert.deepEqual(
        lines,
        native.slice(5).map((e) => toOcsf(e, organization)),
      )
      for (const line of lines) assert.equal(ocsfErrors(line), null)
      const refused = await runCli(
        ['export', 'employees', '--workspace', ws, '--format', 'ocsf', '--url', url],
        {
          env,
        },
      )
      assert.equal(refused.code, 2)
      assert.match(refused.stderr, /--format ocsf goes with events/)
    })

    test("another organization's workspace answers as an unknown one", async () => {
      const theirs = await t.request(`/v1/events?workspace_id=${foreign}&format=ocsf`, { key })
      const unknown = await t.request(`/v1/events?workspace_id=${unknownId()}&format=ocsf`, { key })
      assert.equal(theirs.status, 404)
      assert.equal(unknown.status, 404)
      assert.equal(theirs.json.errors[0].code, unknown.json.errors[0].code)
    })
  })
}
