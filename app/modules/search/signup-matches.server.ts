// Members shown right after signup (SPEC §2 /signup-matches, §4 "searching matches"): the
// most recently active members the new member is looking for, from their own country
// first, then from the site's other countries. The same rules as search decide who appears.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { ProfileCard } from '../profiles/showcase.server.ts'
import { gendersFor, type SearchCriteria } from './criteria.server.ts'
import { findProfiles } from './query.server.ts'
import { loadViewer, lookingForOf, toCards, type SearchSite } from './search.server.ts'

export const SIGNUP_MATCHES = 12

export async function signupMatches(
  db: Db,
  scope: Scope,
  input: { site: Pick<SearchSite, 'countries' | 'cdnPrefix'>; profileId: number | null; today?: Date; take?: number },
): Promise<ProfileCard[]> {
  const today = input.today ?? new Date()
  const take = input.take ?? SIGNUP_MATCHES
  return withScope(db, scope, async (tx) => {
    const viewer = await loadViewer(tx, scope, input.profileId)
    const all: SearchCriteria = {
      genders: gendersFor(lookingForOf(viewer)),
      countries: [...input.site.countries],
      region: null,
      bornOnOrBefore: null,
      bornAfter: null,
      appearance: null,
    }
    const viewerId = viewer?.id ?? null
    const own = viewer && input.site.countries.includes(viewer.country) ? await findProfiles(tx, scope, { ...all, countries: [viewer.country] }, { viewerId, after: null, limit: take }) : []
    const rest =
      own.length < take ? await findProfiles(tx, scope, all, { viewerId, after: null, limit: take - own.length, excludeIds: own.map((p) => p.id) }) : []
    return toCards([...own, ...rest], input.site.cdnPrefix, today)
  })
}
