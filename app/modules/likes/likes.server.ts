// Likes and matches (SPEC §4): a like from one profile to another, a match when both liked
// each other, removable. Likes live in the pool, like the profiles they join, and every
// statement runs inside the caller's scope, so a profile of another pool is never found.
//
// A match is stored on both rows (matchedAt), so "is this a match" and the matches tab are
// plain indexed reads. Liking and unliking take a lock on the pair, so two members who like
// each other at the same moment still become a match.
import type { Prisma } from '~/generated/prisma/client.ts'
import type { LikeOrigin } from '~/generated/prisma/enums.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import { reachableProfile, visibleTo } from '../reach/reach.server.ts'
import { notifyIn } from '../notifications/notify.server.ts'
import { toProfileCard, type ProfileCard } from '../profiles/showcase.server.ts'
import { LIKE_TABS, type LikeTab } from './tabs.ts'

export const LIKE_ORIGINS = ['profile', 'search', 'likes', 'popup', 'swipe', 'auto'] as const satisfies readonly LikeOrigin[]
export const LIKES_PAGE_SIZE = 24
/** GET /api/likes lists at most this many of each kind, newest first. */
export const LIKES_API_LIMIT = 100

export type LikeResult =
  | { ok: true; match: boolean; created: boolean }
  | { ok: false; reason: 'not_found' | 'not_confirmed' }

/** Serialises like and unlike of one pair of profiles until the transaction ends. */
async function lockPair(tx: ScopedTx, a: number, b: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`
}

/**
 * `likerId` likes `likedId`. Refused as not_found when the liker may not reach the other
 * (another pool, blocked, invisible, not active, themself): the caller answers 404.
 * Liking twice changes nothing.
 */
export async function likeMember(
  tx: ScopedTx,
  scope: Scope,
  input: { likerId: number; likedId: number; origin: LikeOrigin; now?: Date },
): Promise<LikeResult> {
  const { likerId, likedId } = input
  const liker = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: likerId }, select: { status: true } })
  if (!liker) return { ok: false, reason: 'not_found' }
  // A profile stays disabled until its account is confirmed (SPEC §4).
  if (liker.status !== 'active') return { ok: false, reason: 'not_confirmed' }
  if (!(await reachableProfile(tx, scope, likerId, likedId))) return { ok: false, reason: 'not_found' }

  await lockPair(tx, likerId, likedId)
  const pair = await tx.like.findMany({
    where: { poolId: scope.poolId, OR: [{ likerId, likedId }, { likerId: likedId, likedId: likerId }] },
    select: { likerId: true, matchedAt: true },
  })
  const mine = pair.find((l) => l.likerId === likerId)
  if (mine) return { ok: true, match: mine.matchedAt !== null, created: false }
  const theirs = pair.find((l) => l.likerId === likedId)
  const now = input.now ?? new Date()
  const matchedAt = theirs ? now : null
  await tx.like.create({ data: { poolId: scope.poolId, likerId, likedId, origin: input.origin, matchedAt, createdAt: now } })
  if (theirs) {
    await tx.like.update({ where: { poolId_likerId_likedId: { poolId: scope.poolId, likerId: likedId, likedId: likerId } }, data: { matchedAt } })
  }
  // E-mail and push for the liked member (decision 016), queued with the like.
  await notifyIn(tx, { type: theirs ? 'match' : 'like', poolId: scope.poolId, to: likedId, from: likerId })
  return { ok: true, match: theirs !== undefined, created: true }
}

/** Removes the like (and with it a match). True when there was one. */
export async function unlikeMember(tx: ScopedTx, scope: Scope, input: { likerId: number; likedId: number }): Promise<boolean> {
  const { likerId, likedId } = input
  await lockPair(tx, likerId, likedId)
  const { count } = await tx.like.deleteMany({ where: { poolId: scope.poolId, likerId, likedId } })
  if (count > 0) {
    await tx.like.updateMany({ where: { poolId: scope.poolId, likerId: likedId, likedId: likerId }, data: { matchedAt: null } })
  }
  return count > 0
}

/** Opening a member from likes clears that like's new flag. True when a flag was cleared. */
export async function markLikeSeen(tx: ScopedTx, scope: Scope, input: { viewerId: number; likerId: number }): Promise<boolean> {
  const { count } = await tx.like.updateMany({
    where: { poolId: scope.poolId, likerId: input.likerId, likedId: input.viewerId, isNew: true },
    data: { isNew: false },
  })
  return count > 0
}

/** New likes the member has not opened yet, from members they may see: the badge (SPEC §2). */
export async function countNewLikes(tx: ScopedTx, scope: Scope, viewerId: number): Promise<number> {
  return tx.like.count({ where: { poolId: scope.poolId, likedId: viewerId, isNew: true, liker: visibleTo(viewerId) } })
}

/** How the viewer and another member stand. */
export type LikeState = {
  /** The viewer likes them. */
  liked: boolean
  /** They like the viewer. */
  likedBy: boolean
  /** Their like of the viewer is not opened yet. */
  isNew: boolean
  match: boolean
}

export const NO_LIKES: LikeState = { liked: false, likedBy: false, isNew: false, match: false }

/** The like state of each of `ids` towards the viewer (cards, profile page). */
export async function likeStates(tx: ScopedTx, scope: Scope, viewerId: number, ids: readonly number[]): Promise<Map<number, LikeState>> {
  const states = new Map<number, LikeState>()
  if (ids.length === 0) return states
  const rows = await tx.like.findMany({
    where: {
      poolId: scope.poolId,
      OR: [
        { likerId: viewerId, likedId: { in: [...ids] } },
        { likedId: viewerId, likerId: { in: [...ids] } },
      ],
    },
    select: { likerId: true, likedId: true, isNew: true, matchedAt: true },
  })
  for (const row of rows) {
    const other = row.likerId === viewerId ? row.likedId : row.likerId
    const state = states.get(other) ?? { ...NO_LIKES }
    if (row.likerId === viewerId) state.liked = true
    else {
      state.likedBy = true
      state.isNew = row.isNew
    }
    state.match = state.match || row.matchedAt !== null
    states.set(other, state)
  }
  return states
}

export { LIKE_TABS, type LikeTab }

export type LikedCard = ProfileCard & { like: LikeState; at: string }
export type LikesPage = { items: LikedCard[]; next: string | null }
/** A card of the likes page, with the like's date formatted for the site. */
export type LikesListItem = LikedCard & { date: string }

type Cursor = { at: Date; id: number }

export function encodeLikesCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString('base64url')
}

export function decodeLikesCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 80) return null
  const [at, id] = Buffer.from(value, 'base64url').toString().split('|')
  const date = new Date(at ?? '')
  const num = Number(id)
  if (Number.isNaN(date.getTime()) || !Number.isInteger(num) || num <= 0 || num > 2_147_483_647) return null
  return { at: date, id: num }
}

const cardSelect = (poolId: string) =>
  ({
    id: true,
    name: true,
    birthDate: true,
    country: true,
    region: true,
    city: true,
    fictional: true,
    photos: { where: { poolId, isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 },
  }) satisfies Prisma.ProfileSelect

type CardProfile = Prisma.ProfileGetPayload<{ select: ReturnType<typeof cardSelect> }>

export function cardOf(profile: CardProfile, cdnPrefix: string, today: Date): ProfileCard {
  const { photos, ...rest } = profile
  return toProfileCard({ ...rest, thumbFilename: photos[0]?.thumbFilename ?? null }, cdnPrefix, today)
}

/** A reachable member as a card, for pop-ups and the swipe game; null when not reachable. */
export async function loadCard(tx: ScopedTx, scope: Scope, viewerId: number, id: number, cdnPrefix: string, today = new Date()): Promise<ProfileCard | null> {
  const profile = await tx.profile.findFirst({ where: { poolId: scope.poolId, id, ...visibleTo(viewerId) }, select: cardSelect(scope.poolId) })
  return profile ? cardOf(profile, cdnPrefix, today) : null
}

/**
 * One page of a likes tab, newest first (keyset on time and id):
 * received: who liked the viewer; given: whom the viewer liked; matches: both, by match time.
 * Only members the viewer may see are listed.
 */
export async function listLikes(
  tx: ScopedTx,
  scope: Scope,
  input: {
    viewerId: number
    tab: LikeTab
    cursor: string | null
    cdnPrefix: string
    limit?: number
    today?: Date
    /** Received tab only: just the likes still new, and (with a date) given after it. */
    newOnly?: { since: Date | null }
  },
): Promise<LikesPage> {
  const { viewerId, tab } = input
  const limit = input.limit ?? LIKES_PAGE_SIZE
  const after = decodeLikesCursor(input.cursor)
  const today = input.today ?? new Date()
  const poolId = scope.poolId
  const received = tab === 'received'
  const timeField = tab === 'matches' ? 'matchedAt' : 'createdAt'
  const otherField = received ? 'likerId' : 'likedId'
  const keyset: Prisma.LikeWhereInput = after
    ? { OR: [{ [timeField]: { lt: after.at } }, { [timeField]: after.at, [otherField]: { lt: after.id } }] }
    : {}
  const fresh: Prisma.LikeWhereInput = received && input.newOnly ? { isNew: true, ...(input.newOnly.since ? { createdAt: { gt: input.newOnly.since } } : {}) } : {}
  const where: Prisma.LikeWhereInput = received
    ? { poolId, likedId: viewerId, liker: visibleTo(viewerId), ...fresh, ...keyset }
    : { poolId, likerId: viewerId, liked: visibleTo(viewerId), ...(tab === 'matches' ? { matchedAt: { not: null } } : {}), ...keyset }
  const rows = await tx.like.findMany({
    where,
    orderBy: [{ [timeField]: 'desc' }, { [otherField]: 'desc' }],
    take: limit + 1,
    select: { likerId: true, likedId: true, createdAt: true, matchedAt: true },
  })
  const page = rows.slice(0, limit)
  const ids = page.map((row) => (received ? row.likerId : row.likedId))
  // The other members' cards in one query; the rows above already passed visibleTo.
  // One after the other: both run on this transaction's one connection.
  const profiles = await tx.profile.findMany({ where: { poolId, id: { in: ids } }, select: cardSelect(poolId) })
  const states = await likeStates(tx, scope, viewerId, ids)
  const byId = new Map(profiles.map((p) => [p.id, p]))
  const items = page.flatMap((row) => {
    const profile = byId.get(received ? row.likerId : row.likedId)
    if (!profile) return []
    const at = (tab === 'matches' ? row.matchedAt : row.createdAt) ?? row.createdAt
    return [{ ...cardOf(profile, input.cdnPrefix, today), like: states.get(profile.id) ?? NO_LIKES, at: at.toISOString() }]
  })
  const last = page[page.length - 1]
  const next = rows.length > limit && last ? encodeLikesCursor({ at: (tab === 'matches' ? last.matchedAt : null) ?? last.createdAt, id: received ? last.likerId : last.likedId }) : null
  return { items, next }
}

/** The matches tab's number: matches with members the viewer may see. */
export async function countMatches(tx: ScopedTx, scope: Scope, viewerId: number): Promise<number> {
  return tx.like.count({ where: { poolId: scope.poolId, likerId: viewerId, matchedAt: { not: null }, liked: visibleTo(viewerId) } })
}
