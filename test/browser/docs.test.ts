// The reference page, as a person sees it: headless Chromium opens /docs, finds the nine
// operations, and leaves a screenshot in test-artifacts/.

import assert from 'node:assert/strict'
import { existsSync, mkdirSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { chromium } from 'playwright-core'
import { type TestApp, testApp } from '../helpers/app.js'

const CHROMIUM = '/usr/bin/chromium'
const skip = existsSync(CHROMIUM)
  ? false
  : 'Chromium is not installed (apt-get install chromium); .ci/run installs it'

describe('reference page in a browser', { skip }, () => {
  let t: TestApp
  let base: string
  before(async () => {
    t = await testApp('sqlite')
    base = await t.listen()
  })
  after(() => t?.close())

  test('/docs renders the nine operations from the served document', async () => {
    const browser = await chromium.launch({
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
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 2000 } })
      const external: string[] = []
      page.on('request', (r) => {
        if (!r.url().startsWith(base) && !r.url().startsWith('data:')) external.push(r.url())
      })
      await page.goto(`${base}/docs/`, { waitUntil: 'networkidle' })
      await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 })
      const paths = await page.$$eval('.opblock-summary-path', (nodes) =>
        nodes.map((n) => n.getAttribute('data-path')),
      )
      assert.deepEqual([...paths].sort(), [
        '/v1/breaches',
        '/v1/breaches/{breach_id}/compromised-employees',
        '/v1/courses',
        '/v1/courses/employees_progress',
        '/v1/courses/statistics',
        '/v1/employees',
        '/v1/employees/{employee_id}',
        '/v1/events',
        '/v1/organization',
      ])
      const title = await page.textContent('.info .title')
      assert.match(String(title), /Workforce Security Awareness API/)
      assert.deepEqual(external, [], 'everything is served by the API itself (no CDN)')
      mkdirSync('test-artifacts', { recursive: true })
      await page.screenshot({ path: 'test-artifacts/docs.png', fullPage: false })
      assert.ok(existsSync('test-artifacts/docs.png'))
    } finally {
      await browser.close()
    }
  })
})
