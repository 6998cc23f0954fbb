// Member search (SPEC §2, §3 filter state): one page of cards in (lastActiveAt desc, id desc)
// order, a capped total on the first page, and 'similar members' when the filters find few.
// Who appears: active, visible members of the site's pool and countries, never the viewer,
// nor anyone the viewer blocked or who blocked the viewer (SPEC §4).
import type { Sexuality, Gender } from '~/generated/prisma/enums.ts'
import { readScoped, type Reader, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { toProfileCard, type ProfileCard } from '../profiles/showcase.server.ts'
import { relaxations, toCriteria } from './criteria.server.ts'
import { decodeCursor, encodeCursor } from './cursor.server.ts'
import { countProfiles, findProfiles, type FoundProfile } from './query.server.ts'
import {
  COUNT_CAP,
  FEW_RESULTS,
  PAGE_SIZE,
  filtersToSearch,
  readSearchQuery,
  resolveFilters,
  type LookingFor,
  type SearchFilters,
} from './search-params.ts'

/** What search needs of the site (a LoadedTenant fits). */
export type SearchSite = { countries: readonly string[]; minimumAge: number; searchFields?: readonly string[]; cdnPrefix: string }

export type ViewerProfile = { id: number; gender: Gender; sexuality: Sexuality; country: string }

/** Hetero members look for the other gender, gay and lesbian members for their own, bi for both; visitors for women. */
export function lookingForOf(viewer: Pick<ViewerProfile, 'gender' | 'sexuality'> | null): LookingFor {
  if (!viewer) return 'woman'
  if (viewer.sexuality === 'bi') return 'all'
  if (viewer.sexuality === 'hetero') return viewer.gender === 'man' ? 'woman' : 'man'
  return viewer.gender
}

export async function loadViewer(tx: ScopedTx, scope: Scope, profileId: number | null | undefined): Promise<ViewerProfile | null> {
  if (!profileId) return null
  return tx.profile.findFirst({ where: { poolId: scope.poolId, id: profileId }, select: { id: true, gender: true, sexuality: true, country: true } })
}

export function toCards(rows: FoundProfile[], cdnPrefix: string, today: Date): ProfileCard[] {
  return rows.map((row) => toProfileCard(row, cdnPrefix, today))
}

export type SearchResult = {
  filters: SearchFilters
  members: ProfileCard[]
  /** Query string of the next page, or null on the last page. */
  nextSearch: string | null
  /** Query string of the first page, when this is a later one. */
  firstSearch: string | null
  /** First page only: the number of matches, capped at COUNT_CAP. */
  total: { count: number; capped: boolean } | null
  similar: ProfileCard[]
}

export type SearchInput = { site: SearchSite; viewerProfileId: number | null; params: URLSearchParams; today?: Date }

export async function searchMembers(db: Reader, scope: Scope, input: SearchInput): Promise<SearchResult> {
  const { site } = input
  const today = input.today ?? new Date()
  return readScoped(db, scope, async (tx) => {
    const viewer = await loadViewer(tx, scope, input.viewerProfileId)
    const query = readSearchQuery(input.params)
    const filters = resolveFilters(query, {
      countries: site.countries,
      minimumAge: site.minimumAge,
      defaultGender: lookingForOf(viewer),
      searchFields: site.searchFields,
    })
    const after = decodeCursor(query.cursor)
    const viewerId = viewer?.id ?? null
    const criteria = toCriteria(filters, site.countries, today)
    const rows = await findProfiles(tx, scope, criteria, { viewerId, after, limit: PAGE_SIZE + 1 })
    const page = rows.slice(0, PAGE_SIZE)
    const last = page[page.length - 1]
    const hasMore = rows.length > PAGE_SIZE && last !== undefined
    const link = (cursor: string | null) => filtersToSearch(filters, { minimumAge: site.minimumAge, cursor })

    let total: SearchResult['total'] = null
    let similar: FoundProfile[] = []
    if (!after) {
      // Counting costs a scan, so only when there is more than this page, and only to the cap.
      const count = hasMore ? await countProfiles(tx, scope, criteria, { viewerId }, COUNT_CAP) : page.length
      total = { count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP }
      if (page.length < FEW_RESULTS) similar = await findSimilar(tx, scope, filters, site, { viewerId, shown: page, today })
    }
    return {
      filters,
      members: toCards(page, site.cdnPrefix, today),
      nextSearch: hasMore ? link(encodeCursor({ hasPhoto: last.hasPhoto, lastActiveAt: last.lastActiveAt, id: last.id })) : null,
      firstSearch: after ? link(null) : null,
      total,
      similar: toCards(similar, site.cdnPrefix, today),
    }
  })
}

/** Relaxes the filters step by step until together with the results there are at least PAGE_SIZE / 2 members. */
async function findSimilar(
  tx: ScopedTx,
  scope: Scope,
  filters: SearchFilters,
  site: SearchSite,
  options: { viewerId: number | null; shown: FoundProfile[]; today: Date },
): Promise<FoundProfile[]> {
  const wanted = PAGE_SIZE / 2
  const similar: FoundProfile[] = []
  for (const relaxed of relaxations(filters)) {
    const excludeIds = [...options.shown, ...similar].map((p) => p.id)
    const criteria = toCriteria(relaxed, site.countries, options.today)
    similar.push(...(await findProfiles(tx, scope, criteria, { viewerId: options.viewerId, after: null, limit: wanted - similar.length, excludeIds })))
    if (similar.length >= wanted) break
  }
  return similar
}
