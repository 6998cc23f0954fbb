// Members shown on the front page: recently active, visible members of the site's pool
// who have an approved main photo (a front page of empty silhouettes sells nothing).
import { poolCached } from '../cache/pool-data.server.ts'
import { readScoped, type Reader, type Scope } from '../db/scoped.server.ts'
import { ageOn } from './age.ts'

export type ProfileCard = {
  id: number
  name: string
  age: number
  country: string
  region: string | null
  city: string | null
  fictional: boolean
  thumb: string | null
}

export async function recentMembers(reader: Reader, scope: Scope, cdnPrefix: string, take = 12): Promise<ProfileCard[]> {
  return cards(await showcaseRows(reader, scope, take), cdnPrefix)
}

/**
 * The same showcase from the pool cache (decision 035): the same for every site of the pool
 * and every visitor; renamed, hidden or deleted members and photo changes drop it.
 */
export async function sharedRecentMembers(reader: Reader, scope: Scope, cdnPrefix: string, take = 12): Promise<ProfileCard[]> {
  return cards(await poolCached(scope.poolId, `showcase:${take}`, () => showcaseRows(reader, scope, take)), cdnPrefix)
}

function showcaseRows(reader: Reader, scope: Scope, take: number) {
  return readScoped(reader, scope, (tx) =>
    tx.profile.findMany({
      where: { poolId: scope.poolId, status: 'active', invisible: false, photos: { some: { isMain: true, status: 'active' } } },
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'desc' }],
      take,
      select: {
        id: true, name: true, birthDate: true, country: true, region: true, city: true, fictional: true,
        photos: { where: { poolId: scope.poolId, isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 },
      },
    }),
  )
}

type ShowcaseRow = Omit<Awaited<ReturnType<typeof showcaseRows>>[number], 'birthDate'> & { birthDate: Date | string }

function cards(rows: readonly ShowcaseRow[], cdnPrefix: string): ProfileCard[] {
  const today = new Date()
  // From Redis the birth date arrives as a string (JSON).
  return rows.map((row) => toProfileCard({ ...row, birthDate: new Date(row.birthDate), thumbFilename: row.photos[0]?.thumbFilename ?? null }, cdnPrefix, today))
}

export type CardRow = Omit<ProfileCard, 'age' | 'thumb'> & { birthDate: Date; thumbFilename: string | null }

/** A profile row as a card: age from the birth date, thumbnail below the CDN prefix. */
export function toProfileCard(row: CardRow, cdnPrefix: string, today: Date): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, today),
    country: row.country,
    region: row.region,
    city: row.city,
    fictional: row.fictional,
    thumb: row.thumbFilename ? `${cdnPrefix}${row.thumbFilename}` : null,
  }
}
