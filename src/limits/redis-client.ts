// ioredis is loaded when Redis is configured, not with the server: a server without Redis does not
// carry it in memory (docs/design.md, fast paths).

import { createRequire } from 'node:module'
import type { Redis, RedisOptions } from 'ioredis'

const require = createRequire(import.meta.url)

/** A Redis client for `url`, loading ioredis on first use. */
export function redisClient(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = require('ioredis') as typeof import('ioredis')
  return new Client(url, options)
}
