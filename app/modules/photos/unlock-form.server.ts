// The member profile's unlock form (decision 017): guard, parse, unlock, answer. Thin
// enough for the route, kept here so the profile route reads as a table of contents.
import { redirect, type AppLoadContext } from '@remix-run/node'
import type { Member } from '../auth/session.server.ts'
import { flashToast } from '../http/toast.server.ts'
import { parseProfileId } from '../profiles/member-profile.server.ts'
import { unlockPhoto } from './unlock.server.ts'

import type { UnlockFailure } from './unlock-form.ts'

export type { UnlockFailure }

export async function unlockFromForm(form: FormData, context: AppLoadContext, member: Member, ownerId: number): Promise<Response> {
  const photoField = form.get('photo')
  const photoId = parseProfileId(typeof photoField === 'string' ? photoField : undefined)
  const me = member.profile?.id
  if (photoId === null || !me) return Response.json({ error: 'not_found', unlock: true } satisfies UnlockFailure, { status: 404 })
  const { db, scope, tenant } = context
  // The photo must be one of the member's named in the URL (ownerId).
  const result = await unlockPhoto(db, scope, { userId: member.userId, profileId: me, paidUser: member.paidUser }, photoId, tenant.credits.photo, ownerId)
  if (!result.ok) {
    const status = result.reason === 'insufficient' ? 402 : result.reason === 'premium_required' ? 403 : 404
    return Response.json({ error: result.reason, unlock: true } satisfies UnlockFailure, { status })
  }
  if (result.charged > 0) await flashToast(context, { key: 'photoUnlocked' })
  throw redirect(`/members/${ownerId}#photo-${photoId}`)
}
