// Compression of answers (decision 034). Level 1 by default: on this engine's HTML it costs
// a third of level 6's CPU for a few percent more bytes, and CPU is what a node runs out of.
// COMPRESSION=off behind a proxy or CDN that compresses (nginx `gzip on`, Cloudflare), so
// the work is not done twice. Live event streams (/api/events) are never buffered for it.
import type { RequestHandler } from 'express'
import compression from 'compression'
import { constants } from 'node:zlib'

export function compressionFor(setting: 'off' | number): RequestHandler | null {
  if (setting === 'off') return null
  return compression({
    level: setting,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: setting } },
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  })
}
