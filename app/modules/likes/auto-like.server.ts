// GET /api/auto-like (SPEC §7, §4 like pop-up): when the pop-up is opened without a profile,
// the server supplies one. Only operator-run fictional profiles, always labelled as such,
// ever like a member automatically; a real member's like is always their own.
// At most one automatic like per member per AUTO_LIKE_WINDOW_MS: within it, the same
// profile is answered again, so reloading the page does not pile up likes.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { ProfileCard } from '../profiles/showcase.server.ts'
import { visibleTo } from '../reach/reach.server.ts'
import { lookingForOf } from '../search/search.server.ts'
import { likeMember, loadCard } from './likes.server.ts'
import { announceLike } from './service.server.ts'

export const AUTO_LIKE_WINDOW_MS = 24 * 3600 * 1000
/** The candidate is drawn from this many recently active fictional profiles. */
const CANDIDATES = 20

export type AutoLike = { profile: ProfileCard; match: boolean; created: boolean }

export async function autoLike(
  db: Db,
  scope: Scope,
  input: { memberId: number; cdnPrefix: string; now?: Date; pick?: (n: number) => number },
): Promise<AutoLike | null> {
  const now = input.now ?? new Date()
  const pick = input.pick ?? ((n: number) => Math.floor(Math.random() * n))
  const { memberId } = input
  const outcome = await withScope(db, scope, async (tx): Promise<(AutoLike & { fromId: number }) | null> => {
    const member = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: memberId, status: 'active' }, select: { gender: true, sexuality: true } })
    if (!member) return null
    // Serialise per member, so two tabs opening the pop-up at once get one like.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${memberId}::int, 0)`
    const recent = await tx.like.findFirst({
      where: { poolId: scope.poolId, likedId: memberId, origin: 'auto', createdAt: { gt: new Date(now.getTime() - AUTO_LIKE_WINDOW_MS) } },
      orderBy: { createdAt: 'desc' },
      select: { likerId: true, matchedAt: true },
    })
    if (recent) {
      const profile = await loadCard(tx, scope, memberId, recent.likerId, input.cdnPrefix, now)
      return profile ? { profile, match: recent.matchedAt !== null, created: false, fromId: recent.likerId } : null
    }
    const lookingFor = lookingForOf(member)
    const candidates = await tx.profile.findMany({
      where: {
        poolId: scope.poolId,
        fictional: true,
        id: { not: memberId },
        ...(lookingFor === 'all' ? {} : { gender: lookingFor }),
        ...visibleTo(memberId),
        likesGiven: { none: { likedId: memberId } },
        photos: { some: { isMain: true, status: 'active' } },
      },
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'desc' }],
      take: CANDIDATES,
      select: { id: true },
    })
    if (candidates.length === 0) return null
    const chosen = candidates[Math.min(candidates.length - 1, Math.max(0, pick(candidates.length)))]!
    const result = await likeMember(tx, scope, { likerId: chosen.id, likedId: memberId, origin: 'auto', now })
    if (!result.ok) return null
    const profile = await loadCard(tx, scope, memberId, chosen.id, input.cdnPrefix, now)
    return profile ? { profile, match: result.match, created: result.created, fromId: chosen.id } : null
  })
  if (!outcome) return null
  if (outcome.created) await announceLike(scope, outcome.fromId, memberId, outcome.match)
  return { profile: outcome.profile, match: outcome.match, created: outcome.created }
}
