// Members shown on the front page: recently active, visible members of the site's pool
// who have an approved main photo (a front page of empty silhouettes sells nothing).
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
  const rows = await readScoped(reader, scope, (tx) =>
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
  const today = new Date()
  return rows.map((row) => toProfileCard({ ...row, thumbFilename: row.photos[0]?.thumbFilename ?? null }, cdnPrefix, today))
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
