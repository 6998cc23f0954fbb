// Request lines a browser never sends but HTTP allows: the absolute form
// (`GET http://host/path`, RFC 9112 §3.2.2) is accepted as its path, `*` (asterisk form,
// only meaningful for OPTIONS) is answered without a 500, and an authority that is not the
// Host header's is refused with a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpApp, type HttpApp } from '../tests/http-app.ts'

let app: HttpApp

beforeAll(async () => {
  app = await startHttpApp()
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('request line forms', () => {
  it('accepts the absolute form as its path', { timeout: 60_000 }, async () => {
    const host = `flirtlokaal.localhost:${app.port}`
    const absolute = await app.request({ path: `http://${host}/login` })
    const origin = await app.request({ path: '/login' })
    expect(absolute.status).toBe(origin.status)
    expect(absolute.status).toBe(200)
    const withQuery = await app.request({ path: `http://${host}/login?redirectTo=%2Fsettings` })
    expect(withQuery.status).toBe(200)
    expect((await app.request({ path: `http://${host}` })).status).toBe(200)
  })

  it('refuses an absolute form naming another host with a 400', async () => {
    const response = await app.request({ path: 'http://elsewhere.example/login' })
    expect(response.status).toBe(400)
  })

  it('answers the asterisk form without a 500', async () => {
    for (const method of ['GET', 'POST', 'HEAD']) {
      const response = await app.request({ method, path: '*' })
      expect(response.status, method).toBe(400)
    }
    const options = await app.request({ method: 'OPTIONS', path: '*' })
    expect(options.status).toBe(204)
  })

  it('answers other odd request targets with a 4xx, never a 500', async () => {
    for (const path of ['x', 'ftp://flirtlokaal.localhost/', 'http:/', 'http://']) {
      const response = await app.request({ path })
      expect(response.status, path).toBeGreaterThanOrEqual(400)
      expect(response.status, path).toBeLessThan(500)
    }
  })
})
