// Held messages (romance-scam protection, decision 053). A member-to-member message that the
// screen flags is stored undelivered with a MessageHold row; a moderator releases it
// (delivered, notified, live) or rejects it (never delivered, its credits back once).
// Release and reject are one conditional UPDATE of the hold (status 'held' -> ...): under a
// double click or a parallel release and reject exactly one wins; the refund's ledger row
// (held_message_refund, reference = message id) is unique on top of that.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { notifyIn, wakeNotify } from '../notifications/notify.server.ts'
import { publishMemberEvent } from '../realtime/member-events.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'
import { withOperator, type OperatorDb, type Reach } from '../operators/scope.server.ts'
import type { HoldReason } from './screen.ts'

export async function holdMessageIn(tx: ScopedTx, scope: Scope, input: { messageId: string; conversationId: number; senderId: number; recipientId: number; reasons: HoldReason[]; now: Date }): Promise<void> {
  await tx.messageHold.create({
    data: { poolId: scope.poolId, messageId: input.messageId, tenantId: scope.tenantId, conversationId: input.conversationId, senderId: input.senderId, recipientId: input.recipientId, reasons: input.reasons, createdAt: input.now },
  })
}

/** The hold state of the member's own undelivered messages, for the chat screen ("being checked", "not delivered"). */
export async function holdStates(tx: ScopedTx, scope: Scope, messageIds: readonly string[]): Promise<Map<string, 'held' | 'rejected'>> {
  if (messageIds.length === 0) return new Map()
  const rows = await tx.messageHold.findMany({ where: { poolId: scope.poolId, messageId: { in: [...messageIds] }, status: { in: ['held', 'rejected'] } }, select: { messageId: true, status: true } })
  return new Map(rows.map((r) => [r.messageId, r.status as 'held' | 'rejected']))
}

/** Messages of `senderId` that must stay undelivered at activation: held or rejected. */
export async function withheldIds(tx: ScopedTx, scope: Scope, senderId: number): Promise<string[]> {
  const rows = await tx.messageHold.findMany({ where: { poolId: scope.poolId, senderId, status: { in: ['held', 'rejected'] } }, select: { messageId: true } })
  return rows.map((r) => r.messageId)
}

export type HeldItem = {
  messageId: string
  site: string
  siteName: string
  poolId: string
  reasons: string[]
  createdAt: Date
  credits: number
  body: string
  sender: { id: number; name: string; userId: string | null; thumb: string | null }
  recipient: { id: number; name: string }
  /** The conversation before it, oldest first (a few messages). */
  context: { id: string; fromSender: boolean; body: string; gift: string | null; createdAt: Date }[]
}

/** Held messages of the operator's sites, oldest first (the console's queue). */
export async function listHeld(tx: ScopedTx, reach: Reach, take = 30): Promise<{ items: HeldItem[]; total: number }> {
  const sites = reach.sites.map((s) => s.slug)
  const where = { poolId: { in: reach.pools }, tenantId: { in: sites }, status: 'held' as const }
  const holds = await tx.messageHold.findMany({ where, orderBy: { createdAt: 'asc' }, take })
  const total = await tx.messageHold.count({ where })
  const items: HeldItem[] = []
  for (const h of holds) {
    const message = await tx.message.findFirst({ where: { poolId: h.poolId, id: h.messageId }, select: { body: true, credits: true, createdAt: true } })
    if (!message) continue
    const people = await tx.profile.findMany({
      where: { poolId: h.poolId, id: { in: [h.senderId, h.recipientId] } },
      select: { id: true, name: true, userId: true, photos: { where: { isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 } },
    })
    const sender = people.find((p) => p.id === h.senderId)
    const recipient = people.find((p) => p.id === h.recipientId)
    const before = await tx.message.findMany({
      where: { poolId: h.poolId, conversationId: h.conversationId, createdAt: { lt: message.createdAt } },
      orderBy: { createdAt: 'desc' },
      take: 5,
      select: { id: true, senderId: true, body: true, gift: true, createdAt: true },
    })
    const site = reach.sites.find((s) => s.slug === h.tenantId)
    items.push({
      messageId: h.messageId, site: h.tenantId, siteName: site?.name ?? h.tenantId, poolId: h.poolId, reasons: h.reasons, createdAt: h.createdAt, credits: message.credits, body: message.body,
      sender: { id: h.senderId, name: sender?.name ?? '', userId: sender?.userId ?? null, thumb: sender?.photos[0] ? `/media/${sender.photos[0].thumbFilename}` : null },
      recipient: { id: h.recipientId, name: recipient?.name ?? '' },
      context: before.reverse().map((m) => ({ id: m.id, fromSender: m.senderId === h.senderId, body: m.body, gift: m.gift, createdAt: m.createdAt })),
    })
  }
  return { items, total }
}

export type HoldDecision = 'release' | 'reject'
export type HoldOutcome =
  | { ok: true; decision: HoldDecision; refunded: number; delivered: boolean; poolId: string; recipientId: number; senderId: number; conversationId: number }
  | { ok: false; reason: 'notFound' | 'decided' }

/**
 * Release or reject one held message. The operator's handle finds it first (row-level
 * security: a hold of their pools, the role admin or moderator; and one of their sites);
 * the decision then runs in a transaction of the sender's site on the runtime client, as
 * the credit refund writes the member's ledger (a table of admins and finance for
 * operators). The audit row is written in that transaction.
 */
export async function decideHold(db: Db, operatorDb: OperatorDb, actor: AuditActor, reach: Reach, messageId: string, decision: HoldDecision, now = new Date()): Promise<HoldOutcome> {
  const found = await withOperator(operatorDb, (tx) =>
    tx.messageHold.findFirst({ where: { messageId, poolId: { in: reach.pools }, tenantId: { in: reach.sites.map((s) => s.slug) } }, select: { poolId: true, tenantId: true } }),
  )
  if (!found) return { ok: false, reason: 'notFound' }
  const scope: Scope = { tenantId: found.tenantId, poolId: found.poolId }
  const outcome = await withScope(db, scope, (tx) => decideHoldIn(tx, actor, scope, messageId, decision, now))
  if (outcome.ok && outcome.delivered) {
    wakeNotify()
    await publishMemberEvent(outcome.poolId, outcome.recipientId, { type: 'message', conversation: outcome.conversationId, from: outcome.senderId })
  }
  return outcome
}

export async function decideHoldIn(tx: ScopedTx, actor: AuditActor, scope: Scope, messageId: string, decision: HoldDecision, now: Date): Promise<HoldOutcome> {
  // The one conditional UPDATE that decides: of concurrent decisions exactly one changes the row.
  const claimed = await tx.messageHold.updateMany({
    where: { poolId: scope.poolId, tenantId: scope.tenantId, messageId, status: 'held' },
    data: { status: decision === 'release' ? 'released' : 'rejected', decidedAt: now, decidedBy: actor.id },
  })
  if (claimed.count === 0) {
    const exists = await tx.messageHold.findFirst({ where: { poolId: scope.poolId, messageId }, select: { status: true } })
    return { ok: false, reason: exists ? 'decided' : 'notFound' }
  }
  const hold = await tx.messageHold.findFirstOrThrow({ where: { poolId: scope.poolId, messageId }, select: { conversationId: true, senderId: true, recipientId: true, reasons: true } })
  const message = await tx.message.findFirstOrThrow({ where: { poolId: scope.poolId, id: messageId }, select: { credits: true } })
  const sender = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: hold.senderId }, select: { userId: true, status: true } })
  let refunded = 0
  let delivered = false
  if (decision === 'release') {
    // A sender still not confirmed: delivered on activation like their other messages.
    if (sender?.status === 'active') {
      const earlier = await tx.message.count({ where: { poolId: scope.poolId, conversationId: hold.conversationId, recipientId: hold.recipientId, deliveredAt: { not: null } } })
      const { count } = await tx.message.updateMany({ where: { poolId: scope.poolId, id: messageId, deliveredAt: null }, data: { deliveredAt: now } })
      delivered = count === 1
      const recipient = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: hold.recipientId }, select: { fictional: true } })
      if (delivered && !recipient?.fictional) {
        await notifyIn(tx, { type: 'message', poolId: scope.poolId, to: hold.recipientId, from: hold.senderId, conversation: hold.conversationId, first: earlier === 0 })
      }
    }
  } else if (message.credits > 0 && sender?.userId) {
    const refund = await changeCredits(tx, scope, { userId: sender.userId, delta: message.credits, reason: 'held_message_refund', reference: messageId })
    if (refund.ok) refunded = message.credits
    await tx.messageHold.updateMany({ where: { poolId: scope.poolId, messageId }, data: { refunded } })
  }
  await auditIn(tx, actor, {
    action: decision === 'release' ? 'hold.release' : 'hold.reject', tenantId: scope.tenantId, poolId: scope.poolId, targetType: 'message', targetId: messageId,
    before: { status: 'held', reasons: hold.reasons }, after: { status: decision === 'release' ? 'released' : 'rejected', refunded, delivered },
  })
  return { ok: true, decision, refunded, delivered, poolId: scope.poolId, recipientId: hold.recipientId, senderId: hold.senderId, conversationId: hold.conversationId }
}
