// The visitor-document micro-cache (decision 034): a document rendered for a visitor on a
// page that renders the same for everyone with the same key (the app decides both, in
// app/modules/cache/visitor-page.server.ts) is kept in memory for a few seconds and served
// to the next visitors with that key without running Remix. What is stored: status, the
// page's own headers without any Set-Cookie, and the body cut at the render's CSP nonce,
// so each answer carries its own request's nonce. A newer tenant configuration empties it.
import { LRUCache } from 'lru-cache'

export type CachedPage = { status: number; headers: [string, string][]; parts: Buffer[]; bytes: number; storedAt: number }

export type MicroCache = {
  get(key: string, generation: number): CachedPage | undefined
  set(key: string, generation: number, page: Omit<CachedPage, 'parts' | 'bytes' | 'storedAt'>, body: Buffer, nonce: string): void
  clear(): void
  readonly size: number
}

/** Headers never kept: cookies belong to one visitor; the edge sets the rest per request. */
const NOT_STORED = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'server-timing', 'date'])

export function createMicroCache(options: { ttlMs: number; maxBytes: number }): MicroCache {
  const pages = new LRUCache<string, CachedPage>({ maxSize: options.maxBytes, sizeCalculation: (page) => Math.max(1, page.bytes), ttl: options.ttlMs })
  let generation = -1
  const sameGeneration = (next: number) => {
    if (next !== generation) {
      pages.clear()
      generation = next
    }
  }
  return {
    get(key, next) {
      sameGeneration(next)
      return pages.get(key)
    },
    set(key, next, page, body, nonce) {
      sameGeneration(next)
      if (body.length > options.maxBytes / 8) return
      const parts = nonce ? splitAt(body, Buffer.from(nonce)) : [body]
      const headers = page.headers.filter(([name]) => !NOT_STORED.has(name.toLowerCase()))
      pages.set(key, { status: page.status, headers, parts, bytes: body.length + key.length, storedAt: Date.now() })
    },
    clear: () => pages.clear(),
    get size() {
      return pages.size
    },
  }
}

/** The body with `nonce` spliced in between the parts. */
export function bodyWithNonce(page: CachedPage, nonce: string): Buffer {
  if (page.parts.length === 1) return page.parts[0]!
  const glue = Buffer.from(nonce)
  const pieces: Buffer[] = []
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(glue)
    pieces.push(part)
  })
  return Buffer.concat(pieces)
}

function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = []
  let from = 0
  for (let at = body.indexOf(separator, from); at >= 0; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at))
    from = at + separator.length
  }
  parts.push(body.subarray(from))
  return parts
}
