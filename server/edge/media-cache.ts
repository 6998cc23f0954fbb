// Approved public photos from memory (decision 034): the media route decides who may see a
// photo; an answer it marks `public` (an approved public photo of a visible member: anyone
// may see it) is the same for every viewer, so the edge keeps its bytes for a short time
// and answers the next requests for it without a session lookup, a database query or a
// storage read. Private answers are never kept. A photo that stops being public (rejected,
// deleted, its member hidden) leaves this cache within TTL_MS.
import type { Request, Response } from 'express'
import { LRUCache } from 'lru-cache'

const TTL_MS = 30_000
/** Larger files are streamed from storage each time. */
const MAX_FILE_BYTES = 1 << 20

type CachedPhoto = { headers: [string, string][]; body: Buffer; etag: string | null }

export type MediaCache = {
  /** Answers from the cache; false when the request must go to the media route. */
  serve(host: string, req: Request, res: Response): boolean
  /** The keeper for this answer, or undefined when it must not be kept. */
  keeper(host: string, req: Request, response: globalThis.Response): ((body: Buffer) => void) | undefined
}

export function isMediaRequest(req: Request): boolean {
  return req.method === 'GET' && req.path.startsWith('/media/')
}

export function createMediaCache(maxBytes = 64 * 2 ** 20): MediaCache {
  const photos = new LRUCache<string, CachedPhoto>({ maxSize: maxBytes, sizeCalculation: (p) => Math.max(1, p.body.length), ttl: TTL_MS })
  // The host picks the site and with it the pool: the same key on another pool is another photo.
  const keyOf = (host: string, req: Request) => `${host}\u0000${req.path}`
  return {
    serve(host, req, res) {
      if (!isMediaRequest(req)) return false
      const photo = photos.get(keyOf(host, req))
      if (!photo) return false
      for (const [name, value] of photo.headers) res.setHeader(name, value)
      res.setHeader('Server-Timing', 'cache;desc=hit')
      if (photo.etag && req.headers['if-none-match'] === photo.etag) {
        res.status(304).end()
        return true
      }
      res.setHeader('Content-Length', String(photo.body.length))
      res.status(200).end(photo.body)
      return true
    },
    keeper(host, req, response) {
      if (!isMediaRequest(req) || response.status !== 200) return undefined
      if (!/(^|,)\s*public\b/i.test(response.headers.get('cache-control') ?? '')) return undefined
      if (response.headers.has('set-cookie')) return undefined
      const length = Number(response.headers.get('content-length') ?? NaN)
      if (!(length <= MAX_FILE_BYTES)) return undefined
      const headers = [...response.headers.entries()].filter(([name]) => ['content-type', 'cache-control', 'etag', 'x-content-type-options'].includes(name))
      const key = keyOf(host, req)
      return (body) => {
        if (body.length === length) photos.set(key, { headers, body, etag: response.headers.get('etag') })
      }
    },
  }
}
