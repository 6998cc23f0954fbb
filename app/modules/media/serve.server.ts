// Serving a member photo (docs/decisions/008-private-media.md). Nothing leaves storage
// without these checks: the host picked the site and with it the pool (a key of another
// pool is simply not found), then the photo's status, its private flag, its member and the
// viewer decide. Every refusal is the same 404, so a URL tells nobody whether it exists.
import type { AppLoadContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { withScope } from '../db/scoped.server.ts'
import { logUnavailable, unavailableResponse } from '../http/unavailable.server.ts'
import { getMediaStorage, isMediaKey, type MediaStorage } from './storage.server.ts'

export type PhotoFacts = {
  status: 'inspection' | 'active' | 'rejected'
  isPrivate: boolean
  profileId: number
  /** The member's profile: `deleted` (grace period) and `disabled` profiles are hidden from others. */
  profileStatus: string
  invisible: boolean
  /** The viewer unlocked this (private) photo (decision 017). */
  unlocked?: boolean
  /** The owner blocked the viewer, or the viewer the owner (decision 040): no private photo either way. */
  blocked?: boolean
}

/** `privateOpen`: the site charges nothing for an unlock (photo_credits 0), so premium members see private photos as they are. */
export type MediaViewer = { profileId: number | null; premium: boolean; operator: boolean; privateOpen?: boolean }

/** Who may see it: `public` (anyone, cacheable by anyone), `private` (this viewer only), or nobody. */
export type MediaAccess = 'public' | 'private' | 'none'

/**
 * - the owner: every own photo (under inspection, private, rejected: whatever is still stored);
 * - the operator: photos under inspection (to review them) and approved ones;
 * - others, only while the member is visible (active profile, not invisible, not deleted):
 *   approved public photos (anyone, also visitors: the main photo shows on public pages),
 *   approved private photos to premium members who unlocked them (decision 017; all of
 *   them where an unlock costs nothing, as on every demo site: SPEC §1, decision 040), never
 *   to a viewer the owner blocked or who blocked the owner;
 * - nobody else, and never a rejected photo to anyone but its owner.
 */
export function mediaAccess(photo: PhotoFacts, viewer: MediaViewer): MediaAccess {
  const visibleMember = photo.profileStatus === 'active' && !photo.invisible
  const openToAll = photo.status === 'active' && !photo.isPrivate && visibleMember
  if (openToAll) return 'public'
  if (viewer.profileId !== null && viewer.profileId === photo.profileId) return 'private'
  if (viewer.operator && photo.status !== 'rejected') return 'private'
  if (photo.status === 'active' && photo.isPrivate && visibleMember && viewer.premium && photo.blocked !== true && (photo.unlocked === true || viewer.privateOpen === true)) return 'private'
  return 'none'
}

/** A year: the URL of a file never changes (a new photo gets a new random key). */
export const PUBLIC_CACHE = 'public, max-age=31536000, immutable'
export const PRIVATE_CACHE = 'private, no-store'

const notFound = () =>
  new Response('Not Found', { status: 404, statusText: 'Not Found', headers: { 'Cache-Control': PRIVATE_CACHE, 'Content-Type': 'text/plain; charset=utf-8' } })

/** The photo row behind a key of this pool, with its member's visibility. */
async function findPhoto(context: AppLoadContext, key: string, viewerId: number | null): Promise<PhotoFacts | null> {
  const { db, scope } = context
  return withScope(db, scope, async (tx) => {
    const photo = await tx.photo.findFirst({
      where: { poolId: scope.poolId, OR: [{ filename: key }, { thumbFilename: key }] },
      select: {
        status: true, isPrivate: true, profileId: true, profile: { select: { status: true, invisible: true } },
        unlocks: { where: { poolId: scope.poolId, viewerId: viewerId ?? -1 }, select: { photoId: true }, take: 1 },
      },
    })
    if (!photo) return null
    // A block either way closes the owner's private photos to the viewer (decision 040).
    const blocked =
      photo.isPrivate && viewerId !== null && viewerId !== photo.profileId
        ? (await tx.block.count({ where: { poolId: scope.poolId, OR: [{ blockerId: photo.profileId, blockedId: viewerId }, { blockerId: viewerId, blockedId: photo.profileId }] } })) > 0
        : false
    return { status: photo.status, isPrivate: photo.isPrivate, profileId: photo.profileId, profileStatus: photo.profile.status, invisible: photo.profile.invisible, unlocked: photo.unlocks.length > 0, blocked }
  })
}

/**
 * The media route's answer for `key` on this site: the file with the cache policy its
 * access allows, or 404. `operator` is true only on /operator/media (checked by the route).
 */
export async function servePhoto(
  request: Request,
  context: AppLoadContext,
  key: string,
  options: { operator: boolean; storage?: MediaStorage },
): Promise<Response> {
  // A cacheable answer must not carry the visitor's cookies (the language cookie).
  context.setCookies.splice(0)
  if (!isMediaKey(key)) return notFound()
  const member = context.member
  const viewerId = member?.profile?.id ?? null
  const photo = await findPhoto(context, key, viewerId)
  if (!photo) return notFound()
  const access = mediaAccess(photo, { profileId: viewerId, premium: member?.paidUser === true, operator: options.operator, privateOpen: context.tenant.credits.photo === 0 })
  if (access === 'none') return notFound()

  const cacheControl = access === 'public' && !options.operator ? PUBLIC_CACHE : PRIVATE_CACHE
  const etag = `"${key.replace(/[^A-Za-z0-9_-]/g, '_')}"`
  const headers = new Headers({ 'Cache-Control': cacheControl, ETag: etag, 'X-Content-Type-Options': 'nosniff' })
  // Only the public answer varies by nothing; a private one is never shared anyway.
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })

  let object
  try {
    object = await (options.storage ?? getMediaStorage()).get(key)
  } catch (error) {
    // The bucket is away: a 503 nobody caches, one log line per interval (decision 047).
    logUnavailable('storage', error)
    return unavailableResponse('storage')
  }
  if (!object) return notFound()
  headers.set('Content-Type', object.contentType && object.contentType.startsWith('image/') ? object.contentType : contentTypeOf(key))
  if (object.size !== undefined) headers.set('Content-Length', String(object.size))
  if (request.method === 'HEAD') {
    object.body.destroy()
    return new Response(null, { status: 200, headers })
  }
  return new Response(createReadableStreamFromReadable(object.body), { status: 200, headers })
}

function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp'
  if (key.endsWith('.png')) return 'image/png'
  if (/\.jpe?g$/.test(key)) return 'image/jpeg'
  return 'application/octet-stream'
}
