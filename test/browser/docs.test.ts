// The reference page, as a person sees it: headless Chromium opens the server's address, lands on
// /docs, finds every operation of the document, finds an empty key field and the example workspace
// filled in, sends a request with a key from the page ("Test Request"), finds the key still there
// after a reload, and leaves a screenshot in test-artifacts/.
// Runs alone: the browser renders the whole reference before it takes a click, which files running
// beside it would starve of the CPU on a small machine.

import assert from 'node:assert/strict'
import { existsSync, mkdirSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Page, type Response } from 'playwright-core'
import { type TestApp, testApp } from '../helpers/app.js'
import { type ApiDataset, apiDataset } from '../helpers/dataset.js'

const CHROMIUM = '/usr/bin/chromium'
const skip = existsSync(CHROMIUM)
  ? false
  : 'Chromium is not installed (apt-get install chromium); .ci/run installs it'

// The reference renders every operation before its first button shows or takes a click, which takes
// a loaded 2-core machine tens of seconds: a wait, not a measure of speed.
const RENDERED_WITHIN = 120_000

describe('reference page in a browser', { skip }, () => {
  let t: TestApp
  let d: ApiDataset
  let base: string
  let browser: Browser
  before(async () => {
    d = apiDataset(12)
    t = await testApp('sqlite', d.all)
    base = await t.listen()
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
  })
  after(async () => {
    await browser?.close()
    await t?.close()
  })

  /** A page that records every request leaving the server under test. */
  async function open(): Promise<{ page: Page; external: string[]; warnings: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } })
    const page = await context.newPage()
    const external: string[] = []
    const warnings: string[] = []
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) external.push(r.url())
    })
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text())
    })
    return { page, external, warnings }
  }

  test("the server's address leads to a reference of every operation, served by the API itself", async () => {
    const { page, external, warnings } = await open()
    await page.goto(`${base}/`, { waitUntil: 'networkidle' })
    assert.equal(new URL(page.url()).pathname, '/docs/')
    assert.equal(await page.title(), 'Workforce Security Awareness API – reference')
    const document = JSON.parse((await t.app.inject({ url: '/v1/openapi.json' })).body)
    const expected = Object.keys(document.paths).map((path) => `get ${path}`)
    const buttons = page.getByRole('button', { name: /Test Request/ })
    await buttons.first().waitFor({ timeout: RENDERED_WITHIN })
    const shown = (await buttons.allInnerTexts()).map((text) => /\((get [^)]+)\)/.exec(text)?.[1])
    assert.deepEqual([...shown].sort(), [...expected].sort())
    const text = await page.evaluate(() => document.body.innerText)
    assert.match(text, /Workforce Security Awareness API/)
    assert.doesNotMatch(text, /Swagger|Fastify/i, 'no framework branding')
    // The samples: curl, PowerShell, Python (requests), and the typed client.
    await page
      .getByRole('button', { name: /Shell Curl/ })
      .first()
      .click()
    const clients = await page.getByRole('option').allInnerTexts()
    for (const name of ['JavaScript (client)', 'Invoke-RestMethod', 'Requests', 'Curl'])
      assert.ok(clients.includes(name), `${name} in ${JSON.stringify(clients)}`)
    await page.keyboard.press('Escape')
    assert.deepEqual(external, [], 'everything is served by the API itself (no CDN, no hosted service)')
    // The document reads as Scalar expects it: no "document validation errors" in the console.
    assert.deepEqual(warnings, [], 'the page loads without warnings')
    await page.context().close()
  })

  test('the reference lists every webhook of the document, with its payload', async () => {
    const { page, external } = await open()
    await page.goto(`${base}/docs/`, { waitUntil: 'networkidle' })
    await page
      .getByRole('button', { name: /Test Request/ })
      .first()
      .waitFor({ timeout: RENDERED_WITHIN })
    const document = JSON.parse((await t.app.inject({ url: '/v1/openapi.json' })).body)
    const names = Object.keys(document.webhooks)
    assert.ok(names.includes('employee.created') && names.includes('webhook.ping'))
    // Each webhook is a section of its own (its title the event type), with its signing headers.
    const shown = await page.evaluate(() => {
      type Node = { id: string; innerText: string; querySelectorAll(selector: string): ArrayLike<Node> }
      const dom = (globalThis as unknown as { document: Node }).document
      return Array.from(dom.querySelectorAll('section[id*="/webhook/POST/"]'), (section) => ({
        title: section.innerText
          .split('\n')[1]
          ?.replace(/\u200b/g, '')
          .trim(),
        headers: Array.from(section.querySelectorAll('[id*=".headers."]'), (h) => h.id.split('.headers.')[1]),
      }))
    })
    assert.deepEqual(shown.map((w) => w.title).sort(), [...names].sort())
    for (const w of shown)
      assert.deepEqual(w.headers, ['webhook-id', 'webhook-timestamp', 'webhook-signature'], w.title)
    assert.deepEqual(external, [])
    await page.context().close()
  })

  test('"Test Request" sends a real request with the key typed in the page, and the key survives a reload', async () => {
    const key = await t.key({ organizationId: d.orgA.id as string })
    const { page, external } = await open()
    await page.goto(`${base}/docs/#tag/employees/GET/v1/employees`, { waitUntil: 'networkidle' })
    await page
      .getByRole('button', { name: /Test Request \(get \/v1\/employees\)/ })
      .click({ timeout: RENDERED_WITHIN })
    const dialog = page.getByRole('dialog')
    const keyField = dialog.locator('input[id^="scalar-client"]').first()
    // An empty key field shows nothing that could pass for a key.
    assert.equal(await keyField.inputValue(), '')
    // In the page: its window's getComputedStyle (this file is not typed with the DOM's names).
    type Styles = { getComputedStyle(e: unknown, p: string): { color: string } }
    const placeholderColor = await keyField.evaluate(
      (el) => (globalThis as unknown as Styles).getComputedStyle(el, '::placeholder').color,
    )
    assert.equal(placeholderColor, 'rgba(0, 0, 0, 0)', 'the placeholder is not shown')
    await keyField.fill(key)
    // The value cell of the workspace_id row: the editor after its name's (editors, not <input>s),
    // filled in from the document's example.
    const editors = dialog.locator('.cm-content')
    const names = await editors.allInnerTexts()
    const workspaceCell = editors.nth(names.findIndex((n) => n.trim() === 'workspace_id') + 1)
    const document = JSON.parse((await t.app.inject({ url: '/v1/openapi.json' })).body)
    const example = document.paths['/v1/employees'].get.parameters.find(
      (p: { name: string }) => p.name === 'workspace_id',
    ).example
    assert.match(example, /^[0-9a-f-]{36}$/)
    assert.equal((await workspaceCell.innerText()).trim(), example)
    await workspaceCell.click()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(d.a1)
    // The editor hands its value over when it loses focus.
    await page.keyboard.press('Tab')
    // The page takes the typed value in after a short delay: send until the request carries it.
    let response: Response | undefined
    for (let attempt = 0; attempt < 20 && !response; attempt++) {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/employees')
      await dialog.getByRole('button', { name: 'Send' }).first().click()
      const candidate = await answered
      if (new URL(candidate.url()).searchParams.get('workspace_id') === d.a1) response = candidate
      else await page.waitForTimeout(250)
    }
    assert.ok(response, 'the typed workspace_id never reached a request')
    assert.equal(response.status(), 200)
    assert.equal(response.request().headers()['x-api-key'], key)
    assert.equal(new URL(response.url()).searchParams.get('workspace_id'), d.a1)
    const body = await response.json()
    assert.ok(body.data.length > 0)
    await dialog.getByText(body.data[0].id).first().waitFor({ timeout: 10_000 })
    mkdirSync('test-artifacts', { recursive: true })
    await page.screenshot({ path: 'test-artifacts/docs-try-it.png' })

    await page.reload({ waitUntil: 'networkidle' })
    await page
      .getByRole('button', { name: /Test Request \(get \/v1\/employees\)/ })
      .click({ timeout: RENDERED_WITHIN })
    assert.equal(
      await page.getByRole('dialog').locator('input[id^="scalar-client"]').first().inputValue(),
      key,
    )
    await page.keyboard.press('Escape')
    // Only the hash differs from the page already open (a same-document navigation): what the
    // screenshot needs is the operation on screen, not a quiet network.
    await page.goto(`${base}/docs/#tag/employees/GET/v1/employees`, { waitUntil: 'commit' })
    await page
      .getByRole('button', { name: /Test Request \(get \/v1\/employees\)/ })
      .waitFor({ timeout: RENDERED_WITHIN })
    await page.screenshot({ path: 'test-artifacts/docs.png' })
    assert.deepEqual(external, [])
    await page.context().close()
  })
})
