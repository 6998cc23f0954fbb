// Conversations between two members of a pool (SPEC §3 Chat, §4). One row per pair, the lower
// profile id as A. Every statement runs in the caller's scope, so another pool's
// conversations are never found. What a member sees of a conversation: messages they sent,
// and messages to them once delivered (a not_confirmed sender's wait for activation),
// after the moment they removed it from their list.
import type { Prisma } from '~/generated/prisma/client.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import { toProfileCard } from '../profiles/showcase.server.ts'
import { mediaUrl } from '../media/urls.ts'
import { findConversation } from '../reach/reach.server.ts'
import { holdStates, withheldIds } from '../safety/holds.server.ts'

export { findConversation, hasConversation, pairOf } from '../reach/reach.server.ts'
import type { ChatMessage, ChatSummary, ChatView } from './types.ts'


type ConversationRow = { id: number; profileAId: number; profileBId: number; startedById: number; hiddenAtA: Date | null; hiddenAtB: Date | null }

export const partnerOf = (c: Pick<ConversationRow, 'profileAId' | 'profileBId'>, me: number) => (c.profileAId === me ? c.profileBId : c.profileAId)
export const hiddenAtFor = (c: Pick<ConversationRow, 'profileAId' | 'hiddenAtA' | 'hiddenAtB'>, me: number) => (c.profileAId === me ? c.hiddenAtA : c.hiddenAtB)

/** What `me` may see of a conversation's messages. */
export function visibleMessages(me: number, hiddenAt: Date | null): Prisma.MessageWhereInput {
  return {
    OR: [{ senderId: me }, { recipientId: me, deliveredAt: { not: null } }],
    ...(hiddenAt ? { createdAt: { gt: hiddenAt } } : {}),
  }
}



/** Conversations the member started (a removed one still counts: removing is no way round the limit). */
export async function countStarted(tx: ScopedTx, scope: Scope, me: number): Promise<number> {
  return tx.conversation.count({ where: { poolId: scope.poolId, startedById: me } })
}

/**
 * Partners whose conversations the member still sees: active or deleted (a deleted member's
 * messages stay, anonymised by the purge, SPEC §4), and no block either way.
 */
function partnerVisible(me: number): Prisma.ProfileWhereInput {
  return { status: { in: ['active', 'deleted'] }, blocking: { none: { blockedId: me } }, blockedBy: { none: { blockerId: me } } }
}

export type { ChatMessage, ChatSummary, ChatView } from './types.ts'

const MESSAGE_SELECT = { id: true, senderId: true, body: true, gift: true, createdAt: true, readAt: true, deliveredAt: true } as const
type MessageRow = { id: string; senderId: number; body: string; gift: string | null; createdAt: Date; readAt: Date | null; deliveredAt: Date | null }

const toChatMessage = (m: MessageRow, me: number): ChatMessage => ({
  id: m.id,
  mine: m.senderId === me,
  body: m.body,
  gift: m.gift,
  createdAt: m.createdAt.toISOString(),
  read: m.readAt !== null,
  delivered: m.deliveredAt !== null,
})

const CARD_SELECT = (scope: Scope) =>
  ({
    id: true, name: true, birthDate: true, country: true, region: true, city: true, fictional: true, status: true,
    photos: { where: { poolId: scope.poolId, isMain: true, status: 'active' as const }, select: { thumbFilename: true }, take: 1 },
  }) as const

type CardSource = { id: number; name: string; birthDate: Date; country: string; region: string | null; city: string | null; fictional: boolean; status: string; photos: { thumbFilename: string }[] }
/** A deleted partner shows without name or photo (the page says "deleted member"). */
const card = (p: CardSource, cdnPrefix: string, today: Date) =>
  p.status === 'deleted'
    ? toProfileCard({ ...p, name: '', city: null, region: null, thumbFilename: null }, cdnPrefix, today)
    : toProfileCard({ ...p, thumbFilename: p.photos[0]?.thumbFilename ?? null }, cdnPrefix, today)

type LastMessageRow = MessageRow & { conversationId: number }

/**
 * The newest message `me` may see in each conversation (one statement for the whole list:
 * a lateral index lookup per conversation on (poolId, conversationId, createdAt)).
 */
async function lastMessages(tx: ScopedTx, scope: Scope, me: number, rows: readonly ConversationRow[]): Promise<Map<number, MessageRow>> {
  if (rows.length === 0) return new Map()
  const ids = rows.map((r) => r.id)
  const hidden = rows.map((r) => hiddenAtFor(r, me)?.toISOString() ?? null)
  const found = await tx.$queryRaw<LastMessageRow[]>`
    SELECT c.id AS "conversationId", l.id, l."senderId", l.body, l.gift, l."createdAt", l."readAt", l."deliveredAt"
    FROM unnest(${ids}::int[], ${hidden}::text[]) AS c(id, hidden)
    CROSS JOIN LATERAL (
      SELECT m.id, m."senderId", m.body, m.gift, m."createdAt", m."readAt", m."deliveredAt"
      FROM "Message" m
      WHERE m."poolId" = ${scope.poolId} AND m."conversationId" = c.id
        AND (m."senderId" = ${me} OR (m."recipientId" = ${me} AND m."deliveredAt" IS NOT NULL))
        AND (c.hidden IS NULL OR m."createdAt" > c.hidden::timestamp)
      ORDER BY m."createdAt" DESC, m.id DESC
      LIMIT 1
    ) l`
  return new Map(found.map((m) => [m.conversationId, m]))
}

/**
 * The chat list (SPEC §2): partner, last message, unread count; newest first. A fixed number
 * of statements whatever the list's length (conversations with partners, the partners still
 * in reach, the last messages, the unread counts).
 */
export async function listChats(tx: ScopedTx, scope: Scope, me: number, cdnPrefix: string, take = 100): Promise<ChatSummary[]> {
  const rows = await tx.conversation.findMany({
    where: { poolId: scope.poolId, OR: [{ profileAId: me }, { profileBId: me }] },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    take: take * 2,
    select: {
      id: true, profileAId: true, profileBId: true, startedById: true, hiddenAtA: true, hiddenAtB: true, lastMessageAt: true,
      profileA: { select: CARD_SELECT(scope) },
      profileB: { select: CARD_SELECT(scope) },
    },
  })
  if (rows.length === 0) return []
  const partnerIds = rows.map((r) => partnerOf(r, me))
  const visible = new Set(
    (await tx.profile.findMany({ where: { poolId: scope.poolId, id: { in: partnerIds }, ...partnerVisible(me) }, select: { id: true } })).map((p) => p.id),
  )
  const listed = rows.filter((r) => visible.has(partnerOf(r, me)))
  const last = await lastMessages(tx, scope, me, listed)
  const unreadRows = last.size === 0 ? [] : await tx.message.groupBy({
    by: ['conversationId'],
    where: { poolId: scope.poolId, conversationId: { in: [...last.keys()] }, recipientId: me, readAt: null, deliveredAt: { not: null } },
    _count: { _all: true },
  })
  const unread = new Map(unreadRows.map((r) => [r.conversationId, r._count._all]))
  const today = new Date()
  const chats: ChatSummary[] = []
  for (const row of listed) {
    const message = last.get(row.id)
    // Nothing to show yet (removed, or only a not yet delivered message to me): not listed.
    if (!message) continue
    const partner = row.profileAId === me ? row.profileB : row.profileA
    chats.push({ id: row.id, partner: card(partner, cdnPrefix, today), lastMessage: toChatMessage(message, me), unread: unread.get(row.id) ?? 0, lastMessageAt: message.createdAt.toISOString() })
    if (chats.length >= take) break
  }
  return chats.sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt))
}

/**
 * Unread messages to `me`. `openConversation`: the conversation on the member's screen, whose
 * messages are being read as they arrive (its page marks them read in a transaction of its
 * own, which may commit after this count), so they never make a badge.
 */
export async function countUnreadMessages(tx: ScopedTx, scope: Scope, me: number, openConversation: number | null = null): Promise<number> {
  return tx.message.count({
    where: { poolId: scope.poolId, recipientId: me, readAt: null, deliveredAt: { not: null }, sender: partnerVisible(me), ...(openConversation !== null ? { conversationId: { not: openConversation } } : {}) },
  })
}


/** One conversation of the member's, with the messages they may see (oldest first); null when not theirs or the partner is out of reach. */
export async function loadChat(tx: ScopedTx, scope: Scope, me: number, conversationId: number, cdnPrefix: string, take = 200): Promise<ChatView | null> {
  const row = await tx.conversation.findFirst({
    where: { poolId: scope.poolId, id: conversationId, OR: [{ profileAId: me }, { profileBId: me }] },
    select: { id: true, profileAId: true, profileBId: true, hiddenAtA: true, hiddenAtB: true },
  })
  if (!row) return null
  const partner = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: partnerOf(row, me), ...partnerVisible(me) }, select: CARD_SELECT(scope) })
  if (!partner) return null
  const messages = await tx.message.findMany({
    where: { poolId: scope.poolId, conversationId: row.id, ...visibleMessages(me, hiddenAtFor(row, me)) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: take + 1,
    select: { ...MESSAGE_SELECT, photoId: true },
  })
  const olderHidden = messages.length > take
  // Photos a fictional profile's operator sent (decision 024): approved public photos of the sender.
  const photoIds = messages.flatMap((m) => (m.photoId !== null ? [m.photoId] : []))
  const photos = photoIds.length === 0 ? new Map<number, string>() : new Map(
    (await tx.photo.findMany({ where: { poolId: scope.poolId, id: { in: photoIds }, status: 'active', isPrivate: false }, select: { id: true, filename: true } })).map((p) => [p.id, mediaUrl(cdnPrefix, p.filename, true)]),
  )
  // The member's own messages a moderator holds or rejected (decision 053): said so beside them.
  const holds = await holdStates(tx, scope, messages.filter((m) => m.senderId === me && m.deliveredAt === null).map((m) => m.id))
  const shown = messages.slice(0, take).reverse().map((m) => ({ ...toChatMessage(m, me), ...(m.photoId !== null ? { photo: photos.get(m.photoId) ?? null } : {}), ...(holds.has(m.id) ? { held: holds.get(m.id) } : {}) }))
  return { id: row.id, partner: card(partner, cdnPrefix, new Date()), partnerGone: partner.status === 'deleted', messages: shown, olderHidden }
}

/** SPEC §4: opening a chat sets its unread count to 0. Returns how many were marked read. */
export async function markChatRead(tx: ScopedTx, scope: Scope, me: number, conversationId: number, now = new Date()): Promise<number> {
  const { count } = await tx.message.updateMany({
    where: { poolId: scope.poolId, conversationId, recipientId: me, readAt: null, deliveredAt: { not: null } },
    data: { readAt: now },
  })
  return count
}

/**
 * Removes a conversation from the member's list (SPEC §4, DELETE /api/chat.php): what was
 * said so far is gone for them and counts as read; the partner keeps it. A later message
 * brings the conversation back. Returns the partner's id, or null when not theirs.
 */
export async function hideChat(tx: ScopedTx, scope: Scope, me: number, conversationId: number, now = new Date()): Promise<number | null> {
  const row = await tx.conversation.findFirst({ where: { poolId: scope.poolId, id: conversationId, OR: [{ profileAId: me }, { profileBId: me }] }, select: { id: true, profileAId: true, profileBId: true } })
  if (!row) return null
  await tx.conversation.update({ where: { poolId_id: { poolId: scope.poolId, id: row.id } }, data: row.profileAId === me ? { hiddenAtA: now } : { hiddenAtB: now } })
  await markChatRead(tx, scope, me, row.id, now)
  return partnerOf(row, me)
}

/** Removing by profile removes every conversation with that member (one per pair here). */
export async function hideChatsWith(tx: ScopedTx, scope: Scope, me: number, profileId: number, now = new Date()): Promise<number | null> {
  const row = await findConversation(tx, scope, me, profileId)
  return row ? hideChat(tx, scope, me, row.id, now) : null
}

/**
 * On activation (SPEC §4): the member's waiting messages are delivered. Returns who got
 * some, in which conversation, and whether the conversation is new to the recipient (no
 * message of it reached them before).
 */
export async function deliverWaitingMessages(tx: ScopedTx, scope: Scope, senderId: number, now = new Date()): Promise<{ recipientId: number; conversationId: number; first: boolean }[]> {
  // Held or rejected by a moderator (decision 053): not delivered by the activation.
  const withheld = await withheldIds(tx, scope, senderId)
  const pending = { poolId: scope.poolId, senderId, deliveredAt: null, ...(withheld.length > 0 ? { id: { notIn: withheld } } : {}) }
  const waiting = await tx.message.findMany({ where: pending, select: { recipientId: true, conversationId: true } })
  if (waiting.length === 0) return []
  const seen = new Map(waiting.map((m) => [m.conversationId, m]))
  const earlier = await tx.message.groupBy({ by: ['conversationId'], where: { poolId: scope.poolId, conversationId: { in: [...seen.keys()] }, deliveredAt: { not: null } } })
  const known = new Set(earlier.map((row) => row.conversationId))
  await tx.message.updateMany({ where: pending, data: { deliveredAt: now } })
  return [...seen.values()].map((m) => ({ ...m, first: !known.has(m.conversationId) }))
}
