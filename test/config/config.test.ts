import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ConfigError, loadConfig, parseDuration, parseRateLimit, parseSize } from '../../src/config/config.js'

describe('configuration', () => {
  test('defaults', () => {
    const config = loadConfig({}, {})
    assert.equal(config.databaseUrl, './data/awareness.db')
    assert.equal(config.port, 3000)
    assert.deepEqual(config.rateLimit, { limit: 600, windowSeconds: 60 })
    assert.deepEqual(config.authFailureLimit, { limit: 30, windowSeconds: 60 })
    assert.equal(config.logLevel, 'info')
  })

  test('DISCLOSURE_RETENTION_DAYS: 400 by default, 1 to 3650 (CONTRACT 20)', () => {
    assert.equal(loadConfig({}, {}).disclosureRetentionDays, 400)
    assert.equal(loadConfig({}, { DISCLOSURE_RETENTION_DAYS: '1' }).disclosureRetentionDays, 1)
    assert.equal(loadConfig({}, { DISCLOSURE_RETENTION_DAYS: '3650' }).disclosureRetentionDays, 3650)
  })

  test('flags take precedence over the environment', () => {
    assert.equal(loadConfig({ PORT: '8080' }, { PORT: '9090' }).port, 8080)
    assert.equal(loadConfig({}, { PORT: '9090' }).port, 9090)
  })

  for (const [variable, value] of [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DISCLOSURE_RETENTION_DAYS', '0'],
    ['DISCLOSURE_RETENTION_DAYS', '3651'],
    ['DISCLOSURE_RETENTION_DAYS', '30d'],
    ['RATE_LIMIT', '600'],
    ['RATE_LIMIT', '600/60x'],
    ['AUTH_FAILURE_LIMIT', '0/60s'],
    ['LOG_LEVEL', 'chatty'],
    ['CURSOR_SECRET', 'short'],
    ['REDIS_URL', 'localhost:6379'],
    ['DATABASE_READ_URL', 'replica.db'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['DATABASE_URL', 'postgre://localhost/x'],
    ['DATABASE_URL', 'postgresql:/x'],
    ['REQUEST_TIMEOUT', '0s'],
    ['REQUEST_TIMEOUT', '5'],
    ['SHUTDOWN_DELAY', 'soon'],
    ['SHUTDOWN_DELAY', '20s'],
    ['SHUTDOWN_TIMEOUT', '-1s'],
    ['IMPORT_MAX_BYTES', '0'],
    ['IMPORT_MAX_BYTES', '5GB'],
    ['PUBLIC_URL', 'api.example.com'],
    ['PUBLIC_URL', 'ftp://api.example.com'],
    ['PUBLIC_URL', 'javascript:alert(1)//'],
    ['PUBLIC_URL', 'https://user:pw@api.example.com'],
    ['PUBLIC_URL', 'https://api.example.com/?x=1'],
    ['PUBLIC_URL', 'https://api.example.com/#top'],
    ['PUBLIC_URL', `https://api.example.com/${'a'.repeat(8100)}`],
    ['PUBLIC_URL', `https://api.example.com/${'a'.repeat(2025)}`],
  ] as const) {
    test(`a bad ${variable} stops the start with a message naming it`, () => {
      assert.throws(
        () => loadConfig({}, { [variable]: value }),
        (error: unknown) =>
          error instanceof ConfigError && error.variable === variable && error.message.startsWith(variable),
      )
    })
  }

  test('PUBLIC_URL: an http(s) origin with an optional path, kept without its trailing slash', () => {
    assert.equal(loadConfig({}, {}).publicUrl, undefined)
    assert.equal(
      loadConfig({}, { PUBLIC_URL: 'https://API.example.com/' }).publicUrl,
      'https://api.example.com',
    )
    assert.equal(
      loadConfig({}, { PUBLIC_URL: 'https://api.example.com:8443/awareness/' }).publicUrl,
      'https://api.example.com:8443/awareness',
    )
    assert.equal(loadConfig({}, { PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl, 'http://127.0.0.1:3000')
    // At most 2,048 characters.
    const longest = `https://api.example.com/${'a'.repeat(2048 - 24)}`
    assert.equal(loadConfig({}, { PUBLIC_URL: longest }).publicUrl, longest)
  })

  test('time limits and sizes, with their defaults', () => {
    const defaults = loadConfig({}, {})
    assert.deepEqual(
      [
        defaults.requestTimeoutMs,
        defaults.shutdownDelayMs,
        defaults.shutdownTimeoutMs,
        defaults.importMaxBytes,
      ],
      [5000, 5000, 15000, 20 * 1024 ** 3],
    )
    const set = loadConfig(
      {},
      { REQUEST_TIMEOUT: '2s', SHUTDOWN_DELAY: '0s', SHUTDOWN_TIMEOUT: '1m', IMPORT_MAX_BYTES: '500MiB' },
    )
    assert.deepEqual(
      [set.requestTimeoutMs, set.shutdownDelayMs, set.shutdownTimeoutMs, set.importMaxBytes],
      [2000, 0, 60000, 500 * 1024 ** 2],
    )
    assert.equal(parseSize('1024'), 1024)
    assert.equal(parseSize('2KiB'), 2048)
    assert.equal(parseSize('1.5GiB'), null)
  })

  test('events and webhooks: retention, delivery switch, private networks, secrets key', () => {
    const defaults = loadConfig({}, {})
    assert.deepEqual(
      [
        defaults.eventsRetentionMs,
        defaults.webhooks,
        defaults.webhookAllowPrivateNetworks,
        defaults.secretsKey,
      ],
      [30 * 86_400_000, true, false, undefined],
    )
    const set = loadConfig(
      {},
      {
        EVENTS_RETENTION: '12h',
        WEBHOOKS: 'off',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        SECRETS_KEY: 'ab'.repeat(32),
      },
    )
    assert.deepEqual(
      [set.eventsRetentionMs, set.webhooks, set.webhookAllowPrivateNetworks, set.secretsKey?.length],
      [12 * 3_600_000, false, true, 32],
    )
    for (const [name, value] of [
      ['EVENTS_RETENTION', '30'],
      ['EVENTS_RETENTION', '0d'],
      ['WEBHOOKS', 'yes'],
      ['WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'true'],
      ['SECRETS_KEY', 'short'],
    ] as const)
      assert.throws(
        () => loadConfig({}, { [name]: value }),
        new RegExp(`^ConfigError: ${name}:`),
        `${name}=${value}`,
      )
  })

  test('DATABASE_URL: postgres:// or postgresql://, a path, or a file: URL', () => {
    for (const url of [
      'postgres://u@h/db',
      'postgresql://u@h/db',
      './data/x.db',
      '/var/x.db',
      'file:///var/x.db',
      ':memory:',
    ])
      assert.equal(loadConfig({}, { DATABASE_URL: url }).databaseUrl, url)
  })

  test('durations and budgets', () => {
    assert.equal(parseDuration('90d'), 90 * 86400)
    assert.equal(parseDuration('45s'), 45)
    assert.equal(parseDuration('0s'), null)
    assert.equal(parseDuration('1y'), null)
    assert.deepEqual(parseRateLimit('1200/1m'), { limit: 1200, windowSeconds: 60 })
    assert.deepEqual(parseRateLimit('10/2h'), { limit: 10, windowSeconds: 7200 })
    assert.equal(parseRateLimit('10/2d'), null)
  })
})
