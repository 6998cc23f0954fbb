// Live cam items (SPEC §1: labelled 'featured' or 'live now'), shown on the home and members
// pages of sites whose config enables them. No outside cam provider: the items are the
// pool's operator-run (fictional) profiles with a photo, so a click leads to a profile that
// answers. Which ones, and which are live now, rotates every hour, the same on every node.
import { readScoped, type Reader, type Scope } from '../db/scoped.server.ts'
import { poolCached } from '../cache/pool-data.server.ts'
import { toProfileCard, type ProfileCard } from './showcase.server.ts'
import { gendersFor } from '../search/criteria.server.ts'
import type { LookingFor } from '../search/search-params.ts'

export type LiveCam = ProfileCard & { live: boolean }
export type LiveCamsConfig = { count: number; liveNow: number }

/** How many candidates the hourly draw picks from. */
const CANDIDATES = 60
const HOUR_MS = 3_600_000

/** A stable pseudo-random rank of a profile in an hour (FNV-1a over id and hour). */
export function hourlyRank(id: number, hour: number): number {
  let hash = 0x811c9dc5
  for (const ch of `${id}:${hour}`) {
    hash ^= ch.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * The live cams beside a search: of the gender(s) the search looks for (the member's own
 * looking-for unless they chose otherwise, issue 22), never a profile blocked either way.
 */
export async function liveCams(
  reader: Reader,
  scope: Scope,
  site: { liveCams?: LiveCamsConfig | undefined; cdnPrefix: string },
  viewer: { profileId: number | null; lookingFor: LookingFor },
  now = new Date(),
): Promise<LiveCam[]> {
  const config = site.liveCams
  if (!config) return []
  const { profileId } = viewer
  // A block either way hides the profile here too, as in the search.
  const notBlocked = profileId
    ? { id: { not: profileId }, blocking: { none: { blockedId: profileId } }, blockedBy: { none: { blockerId: profileId } } }
    : {}
  const rows = await candidates(reader, scope, { ...notBlocked, gender: { in: gendersFor(viewer.lookingFor) } })
  return pick(rows, config, site.cdnPrefix, now)
}

type CandidateRow = Awaited<ReturnType<typeof candidates>>[number]

function candidates(reader: Reader, scope: Scope, narrower: object) {
  return readScoped(reader, scope, (tx) =>
    tx.profile.findMany({
      where: { poolId: scope.poolId, fictional: true, liveCam: true, status: 'active', invisible: false, photos: { some: { isMain: true, status: 'active' } }, ...narrower },
      orderBy: { id: 'asc' },
      take: CANDIDATES,
      select: {
        id: true, name: true, birthDate: true, country: true, region: true, city: true, fictional: true,
        photos: { where: { poolId: scope.poolId, isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 },
      },
    }),
  )
}

function pick(rows: readonly (Omit<CandidateRow, 'birthDate'> & { birthDate: Date | string })[], config: LiveCamsConfig, cdnPrefix: string, now: Date): LiveCam[] {
  const hour = Math.floor(now.getTime() / HOUR_MS)
  return rows
    .map((row) => ({ row, rank: hourlyRank(row.id, hour) }))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, config.count)
    .map(({ row }, i) => ({ ...toProfileCard({ ...row, birthDate: new Date(row.birthDate), thumbFilename: row.photos[0]?.thumbFilename ?? null }, cdnPrefix, now), live: i < config.liveNow }))
}

/**
 * The live cams a visitor sees on the home page: the pool's candidates come from the pool
 * cache (decision 035), the hourly draw is made per request (the same on every node). A
 * visitor has said whom they look for nowhere yet: every gender.
 */
export async function visitorLiveCams(reader: Reader, scope: Scope, site: { liveCams?: LiveCamsConfig | undefined; cdnPrefix: string }, now = new Date()): Promise<LiveCam[]> {
  const config = site.liveCams
  if (!config) return []
  const rows = await poolCached(scope.poolId, 'live-cam-candidates', () => candidates(reader, scope, {}))
  return pick(rows, config, site.cdnPrefix, now)
}
