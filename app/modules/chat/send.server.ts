// Sending a chat message or a gift (SPEC §4, §5; gifts: decision 017): refused without a charge when the recipient is out
// of reach, the free conversation limit is reached or the credits do not pay for it;
// otherwise the debit (on the ledger, the message id as reference) and the message are
// written in one transaction. The recipient hears of it live after the commit.
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { inTurn } from '../db/member-turn.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { reachableProfile } from '../reach/reach.server.ts'
import { publishMemberEvent } from '../realtime/member-events.server.ts'
import { notifyIn, wakeNotify } from '../notifications/notify.server.ts'
import { publishQueueChanged, publishSafetyChanged } from '../inbox/events.server.ts'
import { wakeAssignment } from '../inbox/assign.server.ts'
import { countStarted, findConversation, pairOf } from './conversations.server.ts'
import { checkBody, FREE_CONVERSATIONS, normalizeBody, type BodyProblem } from './rules.ts'
import { metrics } from '../observability/metrics.server.ts'
import { screenMessage } from '../safety/screen.ts'
import { holdMessageIn } from '../safety/holds.server.ts'

export type SendInput = {
  sender: { userId: string; profileId: number; paidUser: boolean }
  recipientId: number
  body: unknown
  /** A gift instead of text (decision 017): its catalogue key, checked by the caller; the body is ignored. */
  gift?: string
  /** Credits the message costs (the site's message_credits, or gift_credits for a gift). */
  cost: number
  maxLength: number
  /**
   * The paid form's key, made by its loader (decision 040): it becomes the message's id and so
   * the ledger reference, so a resubmission (double click, no JavaScript, a proxy's retry)
   * returns the first message and is charged once.
   */
  requestKey?: string
  /** The sender's language: an operator answering for a fictional profile writes in it. */
  language?: string
  /**
   * The site holds member-to-member messages with contact details, links or money requests
   * for a moderator (tenant `holdMessages`, decision 053). Never for gifts or fictional profiles.
   */
  hold?: boolean
  now?: Date
}

export type SendResult =
  | { ok: true; messageId: string; conversationId: number; delivered: boolean; balance: number | null; /** It waits in the operator inbox now. */ waiting?: boolean; /** A resubmission of a message already sent: nothing new happened. */ repeated?: boolean; /** Held for a moderator (decision 053). */ held?: boolean }
  | { ok: false; reason: BodyProblem | 'not_found' | 'conversation_limit' | 'insufficient' }

/** Serialises sends between one pair, so the pair's conversation is created once. */
async function lockPair(tx: ScopedTx, a: number, b: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`
}

/**
 * Serialises a free member's new conversations, so first messages to several members at
 * once cannot together pass the limit. One 64-bit key per profile ('CHAT' in the high half):
 * a key space of its own, apart from the two-key pair locks.
 */
async function lockStarts(tx: ScopedTx, profileId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock((x'43484154'::bigint << 32) + ${profileId}::bigint)`
}

export async function sendMessageIn(tx: ScopedTx, scope: Scope, input: SendInput): Promise<SendResult> {
  const gift = input.gift ?? null
  const body = gift ? '' : normalizeBody(input.body)
  const problem = gift ? null : checkBody(body, input.maxLength)
  if (problem) return { ok: false, reason: problem }
  const me = input.sender.profileId
  const sender = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: me, userId: input.sender.userId }, select: { status: true } })
  if (!sender || sender.status === 'deleted') return { ok: false, reason: 'not_found' }
  const recipient = await reachableProfile(tx, scope, me, input.recipientId)
  if (!recipient) return { ok: false, reason: 'not_found' }
  await lockPair(tx, me, input.recipientId)
  if (input.requestKey) {
    // After the pair lock: a concurrent resubmission waits, then finds the first one's message.
    const earlier = await tx.message.findFirst({ where: { id: input.requestKey }, select: { poolId: true, senderId: true, recipientId: true, conversationId: true, deliveredAt: true } })
    if (earlier) {
      if (earlier.poolId !== scope.poolId || earlier.senderId !== me || earlier.recipientId !== input.recipientId) return { ok: false, reason: 'not_found' }
      return { ok: true, messageId: input.requestKey, conversationId: earlier.conversationId, delivered: earlier.deliveredAt !== null, balance: null, repeated: true }
    }
  }
  const existing = await findConversation(tx, scope, me, input.recipientId)
  if (!existing && !input.sender.paidUser) {
    // Always after the pair lock, never before: the same order everywhere, no deadlock.
    await lockStarts(tx, me)
    if ((await countStarted(tx, scope, me)) >= FREE_CONVERSATIONS) return { ok: false, reason: 'conversation_limit' }
  }
  const messageId = input.requestKey ?? randomUUID()
  let balance: number | null = null
  if (input.cost > 0) {
    const debit = await changeCredits(tx, scope, { userId: input.sender.userId, delta: -input.cost, reason: gift ? 'gift' : 'message', reference: messageId })
    if (!debit.ok) return { ok: false, reason: debit.reason === 'insufficient' ? 'insufficient' : 'not_found' }
    balance = debit.balance
  }
  const now = input.now ?? new Date()
  // To a fictional profile: the conversation waits for an operator's answer, from the oldest
  // unanswered message on (an answer, in the operator inbox, will clear it).
  const waiting = recipient.fictional ? { operatorWaitingFor: me, operatorLanguage: input.language ?? null } : {}
  const conversation = existing
    ? await tx.conversation.update({ where: { poolId_id: { poolId: scope.poolId, id: existing.id } }, data: { lastMessageAt: now, ...waiting }, select: { id: true } })
    : await tx.conversation.create({ data: { poolId: scope.poolId, ...pairOf(me, input.recipientId), startedById: me, lastMessageAt: now, createdAt: now, operated: recipient.fictional, ...waiting }, select: { id: true } })
  if (recipient.fictional) {
    await tx.conversation.updateMany({ where: { poolId: scope.poolId, id: conversation.id, operatorWaitingSince: null }, data: { operatorWaitingSince: now } })
  }
  // Romance-scam protection (decision 053): only between two members, never a gift.
  const holdReasons = input.hold && !gift && !recipient.fictional ? screenMessage(body) : []
  const held = holdReasons.length > 0
  // A not_confirmed sender's profile is still disabled: stored, delivered on activation.
  // A held message waits for a moderator's release.
  const delivered = sender.status === 'active' && !held
  await tx.message.create({
    data: { id: messageId, poolId: scope.poolId, conversationId: conversation.id, senderId: me, recipientId: input.recipientId, body, gift, credits: Math.max(0, input.cost), deliveredAt: delivered ? now : null, createdAt: now },
  })
  if (held) await holdMessageIn(tx, scope, { messageId, conversationId: conversation.id, senderId: me, recipientId: input.recipientId, reasons: holdReasons, now })
  // E-mail and push for the recipient (decision 016), queued with the message.
  if (delivered && !recipient.fictional) {
    await notifyIn(tx, { type: 'message', poolId: scope.poolId, to: input.recipientId, from: me, conversation: conversation.id, first: !existing })
  }
  return { ok: true, messageId, conversationId: conversation.id, delivered, balance, waiting: recipient.fictional, ...(held ? { held } : {}) }
}

/** One transaction, then the live event to the recipient (never for a message not stored). */
export async function sendMessage(db: Db, scope: Scope, input: SendInput): Promise<SendResult> {
  // Sends of one member take turns before they take a connection (member-turn.server.ts):
  // a burst waits in memory, not in the pool on its own account row's lock.
  const result = await inTurn(`send:${scope.tenantId}:${input.sender.userId}`, () =>
    withScope(db, scope, (tx) => sendMessageIn(tx, scope, input), { maxWait: 10_000, timeout: 15_000 }),
  )
  metrics.chatSends.inc({ result: result.ok ? 'sent' : 'refused' })
  if (result.ok && !result.repeated) {
    wakeNotify()
    const event = { type: 'message' as const, conversation: result.conversationId, from: input.sender.profileId, ...(input.gift ? { gift: input.gift } : {}) }
    await Promise.all([
      result.delivered ? publishMemberEvent(scope.poolId, input.recipientId, event) : undefined,
      publishMemberEvent(scope.poolId, input.sender.profileId, event),
      // To a fictional profile: the operators' queue changed, and an available chatter may get it.
      result.waiting ? publishQueueChanged(scope.poolId).then(() => wakeAssignment()) : undefined,
      // A held message waits for the site's moderators (console /reports).
      result.held ? publishSafetyChanged(scope.tenantId) : undefined,
    ])
  }
  return result
}
