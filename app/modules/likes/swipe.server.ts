// The swipe game (SPEC §1, §9): one member at a time, like or skip, at most
// SWIPE_LIKES_PER_DAY likes per member per site-local day (tenant.timeZone). A skip hides the
// member for SKIP_DAYS, a like for ever. Candidates come from the member search query (same
// pool, visibility and block rules), with the member's default looking-for and an approved
// main photo.
//
// The quota is checked in the like's own transaction, after locking the member's profile row
// (FOR NO KEY UPDATE: it serialises one member's votes but does not block the foreign-key
// checks of other members' likes of them), so concurrent likes cannot overrun it.
import type { SwipeVote } from '~/generated/prisma/enums.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { reachableProfile } from '../reach/reach.server.ts'
import type { ProfileCard } from '../profiles/showcase.server.ts'
import { gendersFor } from '../search/criteria.server.ts'
import { findProfiles } from '../search/query.server.ts'
import { lookingForOf, toCards } from '../search/search.server.ts'
import { likeStates, loadCard } from './likes.server.ts'
import { localDate, startOfNextLocalDay } from './local-day.ts'
import { giveLike } from './service.server.ts'

export const SWIPE_LIKES_PER_DAY = 4
/** A skipped member comes back after this many days. */
export const SKIP_DAYS = 30
/** Candidates per load: the one shown and the next few, so the page moves on at once. */
export const SWIPE_BATCH = 5

export const SWIPE_VOTES = ['like', 'skip'] as const satisfies readonly SwipeVote[]

/** What the game needs of the site (a LoadedTenant fits). */
export type SwipeSite = { countries: readonly string[]; cdnPrefix: string; timeZone: string }

export type SwipeCandidate = ProfileCard & { photo: string | null }

export type SwipeGame =
  | { state: 'not_confirmed' }
  | {
      state: 'play'
      candidates: SwipeCandidate[]
      likesLeft: number
      limit: number
      /** ISO instant of the site's next local midnight: the quota resets then. */
      resetsAt: string
      /** Seconds until resetsAt, by the server's clock (the page counts down from it). */
      secondsLeft: number
    }

export type SwipeOutcome =
  | { ok: true; vote: SwipeVote; match: boolean; profile: ProfileCard | null; likesLeft: number; resetsAt: string }
  | { ok: false; error: 'limit'; resetsAt: string }
  | { ok: false; error: 'not_found' | 'not_confirmed' }

/** The site-local day as stored in Swipe.day (a DATE: midnight UTC of that calendar day). */
function dayOf(now: Date, timeZone: string): Date {
  return new Date(`${localDate(now, timeZone)}T00:00:00.000Z`)
}

const skipsSince = (now: Date) => new Date(now.getTime() - SKIP_DAYS * 24 * 60 * 60 * 1000)

async function likesUsed(tx: ScopedTx, scope: Scope, profileId: number, day: Date): Promise<number> {
  return tx.swipe.count({ where: { poolId: scope.poolId, profileId, vote: 'like', day } })
}

/** The member's game: today's likes left and the next candidates. */
export async function loadSwipeGame(db: Db, scope: Scope, input: { profileId: number | null; site: SwipeSite; now?: Date }): Promise<SwipeGame> {
  const now = input.now ?? new Date()
  const { site } = input
  return withScope(db, scope, async (tx) => {
    const profile = input.profileId
      ? await tx.profile.findFirst({ where: { poolId: scope.poolId, id: input.profileId }, select: { id: true, status: true, gender: true, sexuality: true } })
      : null
    // A profile stays disabled until its account is confirmed (SPEC §4).
    if (profile?.status !== 'active') return { state: 'not_confirmed' }
    const resets = startOfNextLocalDay(now, site.timeZone)
    const likesLeft = Math.max(0, SWIPE_LIKES_PER_DAY - (await likesUsed(tx, scope, profile.id, dayOf(now, site.timeZone))))
    const base = {
      state: 'play' as const,
      likesLeft,
      limit: SWIPE_LIKES_PER_DAY,
      resetsAt: resets.toISOString(),
      secondsLeft: Math.max(0, Math.ceil((resets.getTime() - now.getTime()) / 1000)),
    }
    if (likesLeft === 0) return { ...base, candidates: [] }
    const criteria = {
      genders: gendersFor(lookingForOf(profile)),
      countries: [...site.countries],
      region: null,
      bornOnOrBefore: null,
      bornAfter: null,
      appearance: null,
    }
    const rows = await findProfiles(tx, scope, criteria, {
      viewerId: profile.id,
      after: null,
      limit: SWIPE_BATCH,
      withMainPhoto: true,
      unvoted: { skippedSince: skipsSince(now) },
    })
    const photos = await tx.photo.findMany({
      where: { poolId: scope.poolId, profileId: { in: rows.map((r) => r.id) }, isMain: true, status: 'active' },
      select: { profileId: true, filename: true },
      orderBy: { position: 'asc' },
    })
    const photoOf = new Map<number, string>()
    for (const p of photos) if (!photoOf.has(p.profileId)) photoOf.set(p.profileId, p.filename)
    const candidates = toCards(rows, site.cdnPrefix, now).map((card) => {
      const filename = photoOf.get(card.id)
      return { ...card, photo: filename ? `${site.cdnPrefix}${filename}` : card.thumb }
    })
    return { ...base, candidates }
  })
}

type Refusal = { ok: false; reason: 'limit' | 'not_found' | 'not_confirmed' } | { ok: false; reason: 'voted'; vote: SwipeVote }

/**
 * Locks the voter's profile row and checks what every vote needs: an active voter, a
 * reachable target, and no vote on the target still in force (a second vote changes nothing).
 */
async function checkVote(tx: ScopedTx, scope: Scope, profileId: number, targetId: number, now: Date): Promise<Refusal | null> {
  const rows = await tx.$queryRaw<{ status: string }[]>`
    SELECT status::text AS status FROM "Profile" WHERE "poolId" = ${scope.poolId} AND id = ${profileId} FOR NO KEY UPDATE`
  const voter = rows[0]
  if (!voter) return { ok: false, reason: 'not_found' }
  if (voter.status !== 'active') return { ok: false, reason: 'not_confirmed' }
  if (!(await reachableProfile(tx, scope, profileId, targetId))) return { ok: false, reason: 'not_found' }
  const previous = await tx.swipe.findUnique({
    where: { poolId_profileId_targetId: { poolId: scope.poolId, profileId, targetId } },
    select: { vote: true, createdAt: true },
  })
  if (previous && (previous.vote === 'like' || previous.createdAt >= skipsSince(now))) return { ok: false, reason: 'voted', vote: previous.vote }
  return null
}

/** Stores the vote; an expired skip is replaced. */
async function recordVote(tx: ScopedTx, scope: Scope, input: { profileId: number; targetId: number; vote: SwipeVote; day: Date; now: Date }): Promise<void> {
  const { profileId, targetId, vote, day, now } = input
  await tx.swipe.upsert({
    where: { poolId_profileId_targetId: { poolId: scope.poolId, profileId, targetId } },
    create: { poolId: scope.poolId, profileId, targetId, vote, day, createdAt: now },
    update: { vote, day, createdAt: now },
  })
}

/**
 * One vote of `profileId` on `targetId`. A like goes through giveLike (one transaction with
 * the quota check and the Swipe row; the realtime event after the commit); a skip is only
 * stored. Refusals: limit (today's likes are used; nothing stored), not_found (unreachable,
 * e.g. another pool's member; no quota used), not_confirmed (the voter's profile is disabled).
 */
export async function swipeVote(
  db: Db,
  scope: Scope,
  input: { profileId: number; targetId: number; vote: SwipeVote; site: SwipeSite; now?: Date },
): Promise<SwipeOutcome> {
  const { profileId, targetId, vote, site } = input
  const now = input.now ?? new Date()
  const day = dayOf(now, site.timeZone)
  const resetsAt = startOfNextLocalDay(now, site.timeZone).toISOString()
  let used = 0

  if (vote === 'skip') {
    const refused = await withScope(db, scope, async (tx) => {
      const refusal = await checkVote(tx, scope, profileId, targetId, now)
      used = await likesUsed(tx, scope, profileId, day)
      if (!refusal) await recordVote(tx, scope, { profileId, targetId, vote, day, now })
      return refusal
    })
    if (refused) return answerRefusal(db, scope, refused, { profileId, targetId, site, now, used, resetsAt })
    return { ok: true, vote, match: false, profile: null, likesLeft: SWIPE_LIKES_PER_DAY - used, resetsAt }
  }

  const outcome = await giveLike<Refusal>(
    db,
    scope,
    { likerId: profileId, likedId: targetId, origin: 'swipe', cdnPrefix: site.cdnPrefix, now },
    {
      before: async (tx) => {
        const refusal = await checkVote(tx, scope, profileId, targetId, now)
        used = await likesUsed(tx, scope, profileId, day)
        if (refusal) return refusal
        return used >= SWIPE_LIKES_PER_DAY ? { ok: false, reason: 'limit' } : null
      },
      after: async (tx, { created }) => {
        // Already liked from elsewhere (not offered here, so a crafted request): no quota.
        if (!created) return
        await recordVote(tx, scope, { profileId, targetId, vote, day, now })
        used += 1
      },
    },
  )
  if (!outcome.ok) return answerRefusal(db, scope, outcome, { profileId, targetId, site, now, used, resetsAt })
  return { ok: true, vote, match: outcome.match, profile: outcome.profile, likesLeft: Math.max(0, SWIPE_LIKES_PER_DAY - used), resetsAt }
}

async function answerRefusal(
  db: Db,
  scope: Scope,
  refusal: Refusal,
  context: { profileId: number; targetId: number; site: SwipeSite; now: Date; used: number; resetsAt: string },
): Promise<SwipeOutcome> {
  if (refusal.reason === 'limit') return { ok: false, error: 'limit', resetsAt: context.resetsAt }
  if (refusal.reason !== 'voted') return { ok: false, error: refusal.reason }
  // The earlier vote stands: answer it as it is now.
  const { profileId, targetId, site, now } = context
  const { match, profile } = await withScope(db, scope, async (tx) => ({
    match: (await likeStates(tx, scope, profileId, [targetId])).get(targetId)?.match ?? false,
    profile: await loadCard(tx, scope, profileId, targetId, site.cdnPrefix, now),
  }))
  return { ok: true, vote: refusal.vote, match, profile, likesLeft: Math.max(0, SWIPE_LIKES_PER_DAY - context.used), resetsAt: context.resetsAt }
}
