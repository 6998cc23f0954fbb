// The built client files served from memory (decision 036): read once at start, so a
// request neither stats nor opens a file, and compressed once per encoding in the
// background after start (gzip 9 and brotli 9 in libuv's threads: done once, not per
// request; until then the compression middleware does it per answer). /assets/ are
// content-hashed (immutable for a year); other files are revalidated hourly. Too large a
// build (over MAX_BYTES) is left to express.static.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { createHash } from 'node:crypto'
import type { RequestHandler } from 'express'
import express from 'express'

const MAX_BYTES = 64 * 2 ** 20
/** Not worth compressing, or already compressed. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/

type StaticFile = { body: Buffer; type: string; etag: string; cacheControl: string; gzip?: Buffer; br?: Buffer }

function listFiles(root: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(full))
    else if (entry.isFile()) out.push(full)
  }
  return out
}

export function staticFiles(root: string): RequestHandler {
  const files = listFiles(root)
  const total = files.reduce((sum, file) => sum + statSync(file).size, 0)
  if (total > MAX_BYTES) {
    const assets = express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y' })
    const rest = express.static(root, { maxAge: '1h' })
    return (req, res, next) => (req.path.startsWith('/assets/') ? assets(req, res, () => rest(req, res, next)) : rest(req, res, next))
  }
  const byPath = new Map<string, StaticFile>()
  for (const file of files) {
    const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`
    const body = readFileSync(file)
    byPath.set(urlPath, {
      body,
      type: express.static.mime.lookup(file) + (/^text\/|javascript|json/.test(express.static.mime.lookup(file)) ? '; charset=UTF-8' : ''),
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    })
  }
  const brotli = promisify(brotliCompress)
  const gzipAsync = promisify(gzip)
  void (async () => {
    for (const file of byPath.values()) {
      if (!COMPRESSIBLE.test(file.type) || file.body.length <= 1024) continue
      file.br = await brotli(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length } })
      file.gzip = await gzipAsync(file.body, { level: 9 })
    }
  })().catch((error: unknown) => console.warn('[static] precompression stopped:', (error as Error).message))
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const file = byPath.get(req.path)
    if (!file) return next()
    res.setHeader('Cache-Control', file.cacheControl)
    res.setHeader('ETag', file.etag)
    res.setHeader('Content-Type', file.type)
    const compressible = COMPRESSIBLE.test(file.type) && file.body.length > 1024
    if (compressible) res.setHeader('Vary', 'Accept-Encoding')
    if (req.headers['if-none-match'] === file.etag) {
      res.status(304).end()
      return
    }
    let body = file.body
    if (compressible) {
      const accepted = String(req.headers['accept-encoding'] ?? '')
      if (file.br && /\bbr\b/.test(accepted)) {
        body = file.br
        res.setHeader('Content-Encoding', 'br')
      } else if (file.gzip && /\bgzip\b/.test(accepted)) {
        body = file.gzip
        res.setHeader('Content-Encoding', 'gzip')
      }
    }
    res.setHeader('Content-Length', String(body.length))
    if (req.method === 'HEAD') res.end()
    else res.end(body)
  }
}
