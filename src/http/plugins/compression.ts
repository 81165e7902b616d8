// Response compression (br, gzip) above 1 KiB.

import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Response bodies up to this size are compressed in one call; larger ones are streamed. */
export const ONE_CALL_COMPRESSION_BYTES = 2 * 1024 * 1024

export const compression = fp(
  async (app: FastifyInstance) => {
    // GET and HEAD take no body, so nothing is ever decompressed: without this, the plugin adds a
    // request-decompression hook to every route (runs before the plugin's own onRoute hook).
    app.addHook('onRoute', (route) => {
      ;(route as { decompress?: false }).decompress = false
    })
    const options = {
      global: true,
      threshold: 1024,
      // Pages are compressed in one call up to ONE_CALL_COMPRESSION_BYTES: the streaming path's round
      // trips through the thread pool cost more than the compression, and it holds one compressor per
      // response (docs/design.md). Larger bodies still stream, so none holds the event loop for long.
      syncThreshold: ONE_CALL_COMPRESSION_BYTES,
      encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    }
    // A series repeats one object's keys in every point: the fastest levels still shrink it many
    // times over, at a fraction of the default levels' time (docs/design.md).
    const series = {
      ...options,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
      zlibOptions: { level: 1 },
    }
    app.addHook('onRoute', (route) => {
      if (route.config?.series) (route as { compress?: typeof series }).compress = series
    })
    await app.register(compress, options)
  },
  { name: 'compression', dependencies: ['conditional'] },
)
