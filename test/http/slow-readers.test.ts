// A client that stops reading cannot hold an answer's memory without bound (CONTRACT 10): an
// answer whose socket takes no bytes for REQUEST_TIMEOUT × 6 is abandoned and its connection
// closed, while a client that reads slowly but steadily gets its whole answer.

import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { type TestApp, testApp } from '../helpers/app.js'
import { elapse, waitFor } from '../helpers/wait.js'
import { heavyCampaign } from '../resources/campaigns/records.js'

describe('slow readers', () => {
  let t: TestApp
  let base: URL
  let key = ''
  let path = ''
  const sockets: Socket[] = []

  before(async () => {
    const heavy = heavyCampaign(100)
    // Stalled answers are abandoned after 6 × 1 s.
    t = await testApp('sqlite', heavy.records, { REQUEST_TIMEOUT: '1s' })
    t.app.server.on('connection', (socket: Socket) => sockets.push(socket))
    base = new URL(await t.listen())
    key = await t.key({ organizationId: heavy.organizationId })
    path = `/v1/campaigns/${heavy.campaignId}/attacks?workspace_id=${heavy.workspaceId}&limit=100`
  })
  after(() => t?.close())

  const ask = (client: Socket) =>
    client.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nAccept-Encoding: identity\r\n\r\n`)

  test('a client that never reads an 11 MB page is dropped once its socket has taken nothing for 6 s', async () => {
    const before = sockets.length
    const client = connect(Number(base.port), base.hostname)
    client.pause()
    await new Promise((r) => client.once('connect', r))
    ask(client)
    const served = await waitFor(
      'the connection served',
      () => sockets.length > before && (sockets.at(-1) as Socket),
    )
    await elapse(3000, 'the stall, younger than the limit')
    assert.ok(!served.destroyed, 'still open while the stall is young')
    assert.ok(served.writableLength > 1_000_000, `${served.writableLength} bytes waiting in the process`)
    await waitFor('the stalled answer abandoned', () => served.destroyed, { ms: 15_000, every: 100 })
    client.destroy()
  })

  test('a client that reads in bursts, idle 4 s at a time (20 s in all), gets the whole page', async () => {
    const client = connect(Number(base.port), base.hostname)
    await new Promise((r) => client.once('connect', r))
    let received = 0
    let sinceIdle = 0
    let text = ''
    // Every 2 MB read, 4 s of reading nothing: each pause shorter than the limit (6 s), their sum not.
    client.on('data', (chunk: Buffer) => {
      received += chunk.length
      sinceIdle += chunk.length
      if (text.length < 2000) text += chunk.toString('latin1')
      if (sinceIdle < 2_000_000) return
      sinceIdle = 0
      client.pause()
      setTimeout(() => client.resume(), 4000)
    })
    ask(client)
    const body = Number(await waitFor("the answer's head", () => /content-length: (\d+)/i.exec(text)?.[1]))
    assert.ok(body > 10_000_000, `${body} bytes`)
    const head = text.indexOf('\r\n\r\n') + 4
    await waitFor(`${head + body} bytes`, () => received >= head + body, { ms: 90_000, every: 100 })
    client.destroy()
  })
})
