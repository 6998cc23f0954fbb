// Static files from memory (decision 036): right bytes, types, caching headers, 304 on a
// matching ETag, precompressed bodies once ready, and no file system access per request.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { staticFiles } from './edge/static-files.ts'

let dir: string
let server: http.Server
let port: number
const script = `console.log(${JSON.stringify('x'.repeat(5000))})\n`

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'static-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'assets', 'entry-abc123.js'), script)
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n')
  const app = express()
  app.use(staticFiles(dir))
  app.use((_req, res) => void res.status(404).end('not here'))
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  port = (server.address() as AddressInfo).port
})
afterAll(() => {
  server?.close()
  rmSync(dir, { recursive: true, force: true })
})

function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}

describe('staticFiles', () => {
  it('serves hashed assets immutable and other files for an hour, without touching the disk', async () => {
    const stat = vi.spyOn(fs, 'stat')
    const open = vi.spyOn(fs, 'open')
    const asset = await get('/assets/entry-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.body.toString()).toBe(script)
    expect(asset.headers['content-type']).toBe('application/javascript; charset=UTF-8')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const robots = await get('/robots.txt')
    expect(robots.headers['cache-control']).toBe('public, max-age=3600')
    expect(stat).not.toHaveBeenCalled()
    expect(open).not.toHaveBeenCalled()
    expect((await get('/missing.js')).status).toBe(404)
  })

  it('answers 304 to a matching ETag and sends precompressed bytes', async () => {
    const first = await get('/assets/entry-abc123.js')
    expect((await get('/assets/entry-abc123.js', { 'if-none-match': String(first.headers.etag) })).status).toBe(304)
    // Compressed in the background after start.
    await vi.waitFor(async () => expect((await get('/assets/entry-abc123.js', { 'accept-encoding': 'gzip, br' })).headers['content-encoding']).toBe('br'))
    const br = await get('/assets/entry-abc123.js', { 'accept-encoding': 'gzip, br' })
    expect(brotliDecompressSync(br.body).toString()).toBe(script)
    const gz = await get('/assets/entry-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(script)
    expect(gz.headers.vary).toBe('Accept-Encoding')
  })
})
