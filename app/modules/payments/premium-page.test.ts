// SPEC §2 /premium shows the premium packages (the site's bundles, each to its checkout for a
// member), and SPEC §1's '46% more chance' is one sentence: one key per language, used by
// the home page and /premium alike.
/* eslint-disable no-restricted-imports -- this test drives the route module itself */
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { loader as premiumLoader } from '../../routes/_default.premium.tsx'
import type { Db } from '../db/client.server.ts'

let db: Db
beforeAll(() => {
  db = appDb()
})
afterAll(async () => {
  await db.$disconnect()
})

describe('/premium', () => {
  it('lists the site\'s premium packages for visitors and members', async () => {
    const tenant = await tenantFor(FLIRTLOKAAL)
    const member = await loggedInMember(db, FLIRTLOKAAL)
    for (const cookie of [undefined, member.cookie]) {
      const request = await siteRequest(FLIRTLOKAAL, '/premium', { cookie })
      const page = await runRoute(async () => premiumLoader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
      const body = page.body as { bundles: { id: string; credits: number }[]; member: unknown }
      expect(body.bundles.map((b) => b.id)).toEqual(tenant.creditBundles.map((b) => b.id))
      expect(body.member === null).toBe(cookie === undefined)
    }
  })

  it("says '46% more chance' in one sentence per language", () => {
    for (const locale of readdirSync('app/locales')) {
      const hits: string[] = []
      for (const file of readdirSync(`app/locales/${locale}`)) {
        const walk = (value: unknown, path: string) => {
          if (typeof value === 'string') {
            if (/46\s?%/.test(value)) hits.push(path)
          } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`)
        }
        walk(JSON.parse(readFileSync(`app/locales/${locale}/${file}`, 'utf8')), file.replace('.json', ''))
      }
      expect(hits, locale).toEqual(['common.home.premiumClaim'])
    }
  })
})
