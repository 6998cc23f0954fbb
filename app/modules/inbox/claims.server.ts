// Claims of the inbox (issue #21): a chatter working on a conversation holds it for
// CLAIM_MINUTES, renewed while typing, released on send, on leave or by running out;
// others see it taken. One conditional UPDATE decides: of any number of chatters claiming
// at once, exactly one wins (the row lock orders them; the losers' WHERE no longer holds).
// A chatter holds at most `maxChats` open claims (their operator row is locked while
// counting, so their own parallel claims cannot pass it either).
import type { ScopedTx } from '../db/scoped.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'

export const CLAIM_MINUTES = 5
const claimUntil = (now: Date) => new Date(now.getTime() + CLAIM_MINUTES * 60_000)

export type ClaimResult = { ok: true; until: Date } | { ok: false; reason: 'taken' | 'not_waiting' | 'not_found' | 'limit' }

/** `sites`: the chatter's sites (slugs); a conversation of a member of another site is not theirs. */
type Claimer = AuditActor & { maxChats: number; sites: readonly string[] }

/** Open claims of a chatter (not run out). */
export async function openClaims(tx: ScopedTx, operatorId: string, now = new Date()): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Conversation" WHERE "claimedBy" = ${operatorId} AND "claimedUntil" > ${now}`
  return row?.n ?? 0
}

/**
 * Claims a waiting conversation for `claimer` (or renews their own claim). `mustWait`: only
 * while the member waits for an answer (taking from the queue); a chatter may also open and
 * claim an answered conversation of theirs to write again.
 */
export async function claimConversation(tx: ScopedTx, claimer: Claimer, conversationId: number, options: { now?: Date; mustWait?: boolean; audit?: boolean } = {}): Promise<ClaimResult> {
  const now = options.now ?? new Date()
  const row = await tx.conversation.findFirst({ where: { id: conversationId, operated: true }, select: { id: true, poolId: true, profileAId: true, profileBId: true, claimedBy: true, claimedUntil: true, operatorWaitingSince: true } })
  if (!row) return { ok: false, reason: 'not_found' }
  // The database admits the chatter's pools; the member's site must be one of theirs too
  // (an assignment to one site of a pool is not one to its sibling).
  const member = await tx.profile.findFirst({ where: { poolId: row.poolId, id: { in: [row.profileAId, row.profileBId] }, fictional: false }, select: { tenantId: true } })
  if (!member || !claimer.sites.includes(member.tenantId)) return { ok: false, reason: 'not_found' }
  if (options.mustWait && !row.operatorWaitingSince) return { ok: false, reason: 'not_waiting' }
  const mine = row.claimedBy === claimer.id && row.claimedUntil !== null && row.claimedUntil > now
  if (!mine) {
    await tx.$executeRaw`SELECT 1 FROM "Operator" WHERE "id" = ${claimer.id} FOR UPDATE`
    if ((await openClaims(tx, claimer.id, now)) >= claimer.maxChats) return { ok: false, reason: 'limit' }
  }
  const until = claimUntil(now)
  const won = await tx.$executeRaw`
    UPDATE "Conversation" SET "claimedBy" = ${claimer.id}, "claimedUntil" = ${until}
     WHERE "id" = ${conversationId} AND "poolId" = ${row.poolId} AND "operated"
       AND ("claimedBy" IS NULL OR "claimedUntil" IS NULL OR "claimedUntil" <= ${now} OR "claimedBy" = ${claimer.id})`
  if (won !== 1) return { ok: false, reason: 'taken' }
  if (!mine && options.audit !== false) await auditIn(tx, claimer, { action: 'inbox.claim', poolId: row.poolId, targetType: 'conversation', targetId: conversationId, after: { claimedUntil: until.toISOString() } })
  return { ok: true, until }
}

/** While typing: the own claim runs CLAIM_MINUTES from now again. */
export async function renewClaim(tx: ScopedTx, operatorId: string, conversationId: number, now = new Date()): Promise<Date | null> {
  const until = claimUntil(now)
  const n = await tx.$executeRaw`UPDATE "Conversation" SET "claimedUntil" = ${until} WHERE "id" = ${conversationId} AND "claimedBy" = ${operatorId} AND "claimedUntil" > ${now}`
  return n === 1 ? until : null
}

/** Leaving the conversation (or the console): the claim ends. */
export async function releaseClaim(tx: ScopedTx, actor: AuditActor, conversationId: number): Promise<boolean> {
  const row = await tx.conversation.findFirst({ where: { id: conversationId, claimedBy: actor.id }, select: { poolId: true } })
  if (!row) return false
  await tx.conversation.updateMany({ where: { id: conversationId, claimedBy: actor.id }, data: { claimedBy: null, claimedUntil: null } })
  await auditIn(tx, actor, { action: 'inbox.release', poolId: row.poolId, targetType: 'conversation', targetId: conversationId })
  return true
}
