// Answering as a fictional profile (issue #21): only the chatter holding the claim, in one
// transaction: the message (from the profile, free: no ledger row, the member is charged only
// for their own messages), the conversation leaves the queue until the member writes again
// (claim released), the answer's metrics row, the member's notification (e-mail, push, as
// they chose; decision 016) and the audit row. After the commit the member's page hears of
// it live, on whichever node it is connected to (Redis pub/sub), and the queue refreshes.
import { randomUUID } from 'node:crypto'
import { checkBody, normalizeBody } from '../chat/rules.ts'
import { isGiftKind } from '../gifts/catalogue.ts'
import { notifyIn, wakeNotify } from '../notifications/notify.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'
import { withOperator, type OperatorDb } from '../operators/scope.server.ts'
import { publishMemberEvent } from '../realtime/member-events.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { publishQueueChanged } from './events.server.ts'

export type ReplyInput = { conversationId: number; body?: unknown; gift?: string | null; photoId?: number | null; now?: Date }

export type ReplyResult =
  | { ok: true; messageId: string; memberId: number; profileId: number; poolId: string }
  | { ok: false; reason: 'not_found' | 'not_claimed' | 'empty' | 'too_long' | 'gift_unknown' | 'photo_unknown' }

/** `sites`: the operator's sites (reach.sites): a member of another site, even of the same pool, is not found. */
export async function replyAsProfile(db: OperatorDb, actor: AuditActor, sites: readonly LoadedTenant[], input: ReplyInput): Promise<ReplyResult> {
  const now = input.now ?? new Date()
  const result = await withOperator(db, async (tx): Promise<ReplyResult & { gift?: string | null }> => {
    const conv = await tx.conversation.findFirst({
      where: { id: input.conversationId, operated: true },
      select: { id: true, poolId: true, profileAId: true, profileBId: true, claimedBy: true, claimedUntil: true, operatorWaitingSince: true, operatorLanguage: true },
    })
    if (!conv) return { ok: false, reason: 'not_found' }
    if (conv.claimedBy !== actor.id || !conv.claimedUntil || conv.claimedUntil <= now) return { ok: false, reason: 'not_claimed' }
    const sides = await tx.profile.findMany({ where: { poolId: conv.poolId, id: { in: [conv.profileAId, conv.profileBId] } }, select: { id: true, fictional: true, tenantId: true, status: true } })
    const profile = sides.find((p) => p.fictional)
    const member = sides.find((p) => !p.fictional)
    if (!profile || !member || member.status === 'deleted') return { ok: false, reason: 'not_found' }
    const site = sites.find((t) => t.slug === member.tenantId)
    if (!site) return { ok: false, reason: 'not_found' }
    const gift = input.gift || null
    const photoId = input.photoId ?? null
    let body = ''
    if (gift) {
      if (!isGiftKind(gift) || !site.gifts.includes(gift)) return { ok: false, reason: 'gift_unknown' }
    } else if (photoId !== null) {
      // A photo of the profile that anyone in the pool may see: approved and public.
      const photo = await tx.photo.findFirst({ where: { poolId: conv.poolId, id: photoId, profileId: profile.id, status: 'active', isPrivate: false }, select: { id: true } })
      if (!photo) return { ok: false, reason: 'photo_unknown' }
    } else {
      body = normalizeBody(input.body)
      const problem = checkBody(body, site.messageLength)
      if (problem) return { ok: false, reason: problem }
    }
    const messageId = randomUUID()
    await tx.message.create({
      data: { id: messageId, poolId: conv.poolId, conversationId: conv.id, senderId: profile.id, recipientId: member.id, body, gift, photoId: gift ? null : photoId, credits: 0, deliveredAt: now, createdAt: now, operatorId: actor.id },
    })
    await tx.conversation.update({
      where: { poolId_id: { poolId: conv.poolId, id: conv.id } },
      data: { lastMessageAt: now, operatorWaitingFor: null, operatorWaitingSince: null, claimedBy: null, claimedUntil: null },
    })
    await tx.inboxReply.create({ data: { poolId: conv.poolId, tenantId: member.tenantId, conversationId: conv.id, messageId, operatorId: actor.id, language: conv.operatorLanguage, waitingSince: conv.operatorWaitingSince, answeredAt: now } })
    await notifyIn(tx, { type: 'message', poolId: conv.poolId, to: member.id, from: profile.id, conversation: conv.id, first: false })
    await auditIn(tx, actor, {
      action: 'inbox.reply', tenantId: member.tenantId, poolId: conv.poolId, targetType: 'conversation', targetId: conv.id,
      after: { messageId, profileId: profile.id, memberId: member.id, ...(gift ? { gift } : photoId !== null ? { photoId } : { length: body.length }) },
    })
    return { ok: true, messageId, memberId: member.id, profileId: profile.id, poolId: conv.poolId, gift }
  })
  if (!result.ok) return result
  wakeNotify()
  await Promise.all([
    publishMemberEvent(result.poolId, result.memberId, { type: 'message', conversation: input.conversationId, from: result.profileId, ...(result.gift ? { gift: result.gift } : {}) }),
    publishQueueChanged(result.poolId),
  ])
  return { ok: true, messageId: result.messageId, memberId: result.memberId, profileId: result.profileId, poolId: result.poolId }
}
