// Logged-out search (SPEC §6): the three site settings, with and without a traffic source.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { trackingCookie } from '../accounts/tracking.server.ts'
import { loggedOutSearchAllowed, requireSearchAccess } from './access.server.ts'

type Settings = { loggedOutSearch: boolean; loggedOutSearchTrafficsource: boolean }

const OPEN: Settings = { loggedOutSearch: true, loggedOutSearchTrafficsource: false }
const WITH_SOURCE: Settings = { loggedOutSearch: false, loggedOutSearchTrafficsource: true }
const CLOSED: Settings = { loggedOutSearch: false, loggedOutSearchTrafficsource: false }

const contextFor = (tenant: Settings, member: object | null = null) => ({ tenant, member }) as unknown as AppLoadContext

async function access(tenant: Settings, url: string, cookie?: string, member: object | null = null) {
  const request = new Request(url, { headers: cookie ? { cookie } : {} })
  try {
    return { allowed: true as const, ...(await requireSearchAccess(contextFor(tenant, member), request)) }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { allowed: false as const, status: thrown.status, location: thrown.headers.get('Location') }
  }
}

describe('logged-out search', () => {
  it('is open when logged_out_search is on', async () => {
    expect(await access(OPEN, 'http://x.test/members')).toMatchObject({ allowed: true })
    expect(loggedOutSearchAllowed(OPEN, null)).toBe(true)
  })

  it('needs a traffic source when only logged_out_search_trafficsource is on', async () => {
    expect(await access(WITH_SOURCE, 'http://x.test/members')).toEqual({ allowed: false, status: 302, location: '/login?redirectTo=%2Fmembers' })
    // Sub ids alone are no source.
    expect(await access(WITH_SOURCE, 'http://x.test/members?sub1=abc')).toMatchObject({ allowed: false })
    const fromQuery = await access(WITH_SOURCE, 'http://x.test/members?network=partner1')
    expect(fromQuery).toMatchObject({ allowed: true })
    // The source is remembered for the next pages.
    expect(fromQuery.allowed && fromQuery.setCookie).toMatch(/^trk=/)
    expect(await access(WITH_SOURCE, 'http://x.test/members?ref=blog')).toMatchObject({ allowed: true })
    const cookie = (await trackingCookie.serialize({ network: 'partner1' })).split(';')[0]!
    expect(await access(WITH_SOURCE, 'http://x.test/members?gender=man', cookie)).toMatchObject({ allowed: true })
    // A forged cookie (not signed by us or not parseable) is no source.
    expect(await access(WITH_SOURCE, 'http://x.test/members', 'trk=garbage')).toMatchObject({ allowed: false })
  })

  it('is closed when both settings are off, even with a traffic source', async () => {
    expect(await access(CLOSED, 'http://x.test/members?network=partner1&gender=man')).toEqual({
      allowed: false, status: 302, location: '/login?redirectTo=%2Fmembers%3Fnetwork%3Dpartner1%26gender%3Dman',
    })
    expect(loggedOutSearchAllowed(CLOSED, { network: 'partner1' })).toBe(false)
  })

  it('is always open to members', async () => {
    expect(await access(CLOSED, 'http://x.test/members', undefined, { userId: 'u1' })).toMatchObject({ allowed: true })
  })
})
