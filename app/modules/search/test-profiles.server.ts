// Test helper: profiles with exactly the attributes a search test needs, written through
// the scoped helper as the runtime role, like the app does. Not used by the app.
import type { Prisma } from '~/generated/prisma/client.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { searchMembers, type SearchSite } from './search.server.ts'

let counter = 0

export type ProfileSpec = Partial<Omit<Prisma.ProfileUncheckedCreateInput, 'poolId' | 'tenantId'>> & { birthDate?: Date | string }

export async function createProfiles(db: Db, scope: Scope, specs: ProfileSpec[]): Promise<number[]> {
  return withScope(db, scope, async (tx) => {
    const ids: number[] = []
    for (const spec of specs) {
      const n = ++counter
      const row = await tx.profile.create({
        data: {
          name: `Search test ${n}`,
          gender: 'woman',
          birthDate: new Date('1990-06-15'),
          country: scope.poolId === 'benelux' ? 'NL' : 'GB',
          status: 'active',
          ...spec,
          poolId: scope.poolId,
          tenantId: scope.tenantId,
        },
        select: { id: true },
      })
      ids.push(row.id)
    }
    return ids
  })
}

/** Every page of a search, following the cursors; fails loudly instead of looping forever. */
export async function searchAllPages(db: Db, scope: Scope, site: SearchSite, viewerProfileId: number | null, search: string, today?: Date) {
  const pages: number[][] = []
  let params: URLSearchParams | null = new URLSearchParams(search)
  while (params) {
    if (pages.length > 40) throw new Error('searchAllPages: more than 40 pages')
    const result = await searchMembers(db, scope, { site, viewerProfileId, params, today })
    pages.push(result.members.map((m) => m.id))
    params = result.nextSearch ? new URLSearchParams(result.nextSearch) : null
  }
  return { pages, ids: pages.flat() }
}
