// The web app manifest and the app icons are the same bytes for every visitor of a site:
// publicly cacheable, and so without any cookie (a shared cache would hand one visitor's
// cookie to the next), for a first visit, a visitor with a language choice and a member alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'

const db = appDb()
let app: HttpApp

beforeAll(async () => {
  app = await startHttpApp()
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db.$disconnect()
})

describe('manifest and app icons', () => {
  it('are public, carry no cookie and are the same for every visitor', { timeout: 120_000 }, async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const visitors: [string, Record<string, string>, string | undefined][] = [
      ['first visit', {}, undefined],
      ['English browser', { 'accept-language': 'en-GB,en;q=0.9' }, undefined],
      ['German browser', { 'accept-language': 'de-DE' }, undefined],
      ['member', {}, member.cookie],
    ]
    for (const path of ['/manifest.webmanifest', '/app-icon/192.png', '/app-icon/512.png']) {
      const bodies = new Set<string>()
      for (const [who, headers, cookie] of visitors) {
        const response = await app.request({ path, headers, cookie })
        expect(response.status, `${path} ${who}`).toBe(200)
        expect(response.headers['set-cookie'], `${path} ${who}`).toBeUndefined()
        expect(String(response.headers['cache-control']), `${path} ${who}`).toMatch(/\bpublic\b/)
        expect(String(response.headers['cache-control']), `${path} ${who}`).not.toMatch(/private|no-store|no-cache/)
        bodies.add(response.body)
      }
      expect(bodies.size, path).toBe(1)
    }
  })
})
