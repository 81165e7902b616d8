// Whether Redis answers, asked once when the server starts: a wrong REDIS_URL shows in the start
// line instead of only in the metrics after the first requests.

import { redisClient } from './redis-client.js'

/** Null when Redis at `url` answers a PING within `timeoutMs`, else why not, in words. */
export async function probeRedis(url: string, timeoutMs = 1500): Promise<string | null> {
  const redis = redisClient(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  })
  // connect() rejects with "Connection is closed."; the socket's own error says why.
  let cause: unknown
  redis.on('error', (error) => {
    cause = error
  })
  try {
    await redis.connect()
    await redis.ping()
    return null
  } catch (error) {
    const { code, message } = (cause ?? error) as { code?: string; message?: string }
    return code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ENOTFOUND'
        ? 'no such host'
        : (message ?? String(error))
  } finally {
    redis.disconnect()
  }
}
