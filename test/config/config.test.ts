import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ConfigError, loadConfig, parseDuration, parseRateLimit } from '../../src/config/config.js'

describe('configuration', () => {
  test('defaults', () => {
    const config = loadConfig({}, {})
    assert.equal(config.databaseUrl, './data/awareness.db')
    assert.equal(config.port, 3000)
    assert.deepEqual(config.rateLimit, { limit: 600, windowSeconds: 60 })
    assert.deepEqual(config.authFailureLimit, { limit: 30, windowSeconds: 60 })
    assert.equal(config.logLevel, 'info')
  })

  test('flags take precedence over the environment', () => {
    assert.equal(loadConfig({ PORT: '8080' }, { PORT: '9090' }).port, 8080)
    assert.equal(loadConfig({}, { PORT: '9090' }).port, 9090)
  })

  for (const [variable, value] of [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['RATE_LIMIT', '600'],
    ['RATE_LIMIT', '600/60x'],
    ['AUTH_FAILURE_LIMIT', '0/60s'],
    ['LOG_LEVEL', 'chatty'],
    ['CURSOR_SECRET', 'short'],
    ['REDIS_URL', 'localhost:6379'],
    ['DATABASE_READ_URL', 'replica.db'],
  ] as const) {
    test(`a bad ${variable} stops the start with a message naming it`, () => {
      assert.throws(
        () => loadConfig({}, { [variable]: value }),
        (error: unknown) =>
          error instanceof ConfigError && error.variable === variable && error.message.startsWith(variable),
      )
    })
  }

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
