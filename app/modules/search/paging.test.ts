// Keyset paging: every matching member exactly once across the pages, in (lastActiveAt
// desc, id desc) order, also when many share one lastActiveAt; a capped total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { decodeCursor } from './cursor.server.ts'
import { PAGE_SIZE } from './search-params.ts'
import { searchMembers, type SearchSite } from './search.server.ts'
import { createProfiles, searchAllPages } from './test-profiles.server.ts'

const SITE: SearchSite = { countries: ['NL', 'BE'], minimumAge: 18, searchFields: ['gender', 'country', 'region', 'age'], cdnPrefix: '/media/' }
const SAME_MOMENT = new Date('2026-05-05T12:00:00.123Z')

let db: Db
let expected: number[]

beforeAll(async () => {
  db = appDb()
  const tied = await createProfiles(db, FLIRTLOKAAL, Array.from({ length: 60 }, () => ({ lastActiveAt: SAME_MOMENT })))
  const before = await createProfiles(db, FLIRTLOKAAL, Array.from({ length: 7 }, (_, i) => ({ lastActiveAt: new Date(SAME_MOMENT.getTime() + (i + 1) * 1000) })))
  const after = await createProfiles(db, FLIRTLOKAAL, Array.from({ length: 5 }, (_, i) => ({ lastActiveAt: new Date(SAME_MOMENT.getTime() - (i + 1)) })))
  // Not matching: men, invisible, disabled.
  await createProfiles(db, FLIRTLOKAAL, [{ gender: 'man', lastActiveAt: SAME_MOMENT }, { invisible: true, lastActiveAt: SAME_MOMENT }, { status: 'disabled', lastActiveAt: SAME_MOMENT }])
  // Newest first; ties by id, highest first.
  expected = [...before.reverse(), ...tied.sort((a, b) => b - a), ...after]
})

afterAll(async () => {
  await db.$disconnect()
})

describe('keyset paging', () => {
  it('returns every matching member exactly once, in order, 24 per page', async () => {
    const { pages, ids } = await searchAllPages(db, FLIRTLOKAAL, SITE, null, 'gender=woman')
    expect(pages.map((p) => p.length)).toEqual([24, 24, 24])
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(expected)
  })

  it('pages through a tie of 60 on one lastActiveAt by id', async () => {
    const first = await searchMembers(db, FLIRTLOKAAL, { site: SITE, viewerProfileId: null, params: new URLSearchParams('gender=woman') })
    const cursor = decodeCursor(new URLSearchParams(first.nextSearch!).get('cursor'))
    // Page 1 ends inside the tie: the cursor carries the shared timestamp and the last id.
    expect(cursor).toEqual({ hasPhoto: false, lastActiveAt: SAME_MOMENT, id: first.members[PAGE_SIZE - 1]!.id })
    expect(first.firstSearch).toBeNull()
    const second = await searchMembers(db, FLIRTLOKAAL, { site: SITE, viewerProfileId: null, params: new URLSearchParams(first.nextSearch!) })
    expect(second.members[0]!.id).toBe(expected[PAGE_SIZE])
    expect(second.firstSearch).toBe('?gender=woman')
    expect(second.total).toBeNull() // counted on the first page only
    // The next link keeps the filters.
    expect(first.nextSearch).toMatch(/^\?gender=woman&cursor=[A-Za-z0-9_-]+$/)
  })

  it('keeps its place when members become active between pages', async () => {
    const first = await searchMembers(db, FLIRTLOKAAL, { site: SITE, viewerProfileId: null, params: new URLSearchParams('gender=woman') })
    const [newcomer] = await createProfiles(db, FLIRTLOKAAL, [{ lastActiveAt: new Date(SAME_MOMENT.getTime() + 3_600_000) }])
    // Someone on page 1 comes back online: they move to the top, page 2 does not repeat them.
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: first.members[3]!.id } }, data: { lastActiveAt: new Date(SAME_MOMENT.getTime() + 7_200_000) } }))
    const rest: number[] = []
    let next = first.nextSearch
    while (next) {
      const page = await searchMembers(db, FLIRTLOKAAL, { site: SITE, viewerProfileId: null, params: new URLSearchParams(next) })
      rest.push(...page.members.map((m) => m.id))
      next = page.nextSearch
    }
    expect(rest).toEqual(expected.slice(PAGE_SIZE))
    expect(rest).not.toContain(newcomer)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.deleteMany({ where: { id: newcomer! } }))
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: first.members[3]!.id } }, data: { lastActiveAt: SAME_MOMENT } }))
  })

  it('counts the total on the first page, capped', async () => {
    const first = await searchMembers(db, FLIRTLOKAAL, { site: SITE, viewerProfileId: null, params: new URLSearchParams('gender=woman') })
    expect(first.total).toEqual({ count: expected.length, capped: false })
    const none = await searchMembers(db, FLIRTLOKAAL, { site: SITE, viewerProfileId: null, params: new URLSearchParams('gender=woman&country=BE') })
    expect(none.total).toEqual({ count: 0, capped: false })
    expect(none.nextSearch).toBeNull()
  })
})
