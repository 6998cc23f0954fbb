// Member care in the console (issue #23, decision 049): finding a person across the
// operator's sites, everything held about one account, and the actions on it. Every read and
// write runs on the operator's handle (RLS: their sites, the tables their role may see);
// every change is audited in its own transaction.
import { randomUUID } from 'node:crypto'
import type { AuditActor } from '../operators/audit.server.ts'
import { auditIn } from '../operators/audit.server.ts'
import { reachWhere, type Reach } from '../operators/scope.server.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { markDeletedIn, purgeUsersIn } from '../accounts/deletion.server.ts'
import { NOTE_MAX, SEARCH_MAX } from './limits.ts'
export { NOTE_MAX }

export type MemberHit = {
  userId: string
  site: string
  email: string
  name: string | null
  profileId: number | null
  status: string
  banned: boolean
  signupDate: Date
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Accounts matching `query` on the operator's sites: an e-mail address (or part of one), a
 * profile's name, a profile id, an account id, or a payment id (ours or Mollie's, for roles
 * that see payments). At most 50, newest first.
 */
export async function findMembers(tx: ScopedTx, reach: Reach, query: string): Promise<MemberHit[]> {
  const q = query.trim().slice(0, SEARCH_MAX)
  if (!q) return []
  const inReach = reachWhere(reach)
  const or: object[] = []
  if (/^\d{1,9}$/.test(q)) or.push({ profile: { id: Number(q) } })
  if (UUID.test(q)) or.push({ id: q.toLowerCase() })
  if (UUID.test(q) || /^tr_\w+$/.test(q)) {
    const payments = await tx.payment.findMany({ where: { ...inReach, OR: [...(UUID.test(q) ? [{ id: q.toLowerCase() }] : []), { molliePaymentId: q }] }, select: { userId: true }, take: 5 })
    if (payments.length > 0) or.push({ id: { in: payments.map((p) => p.userId) } })
  }
  if (q.includes('@')) or.push({ email: { contains: q, mode: 'insensitive' } })
  else if (!/^\d+$/.test(q) && !UUID.test(q)) or.push({ email: { contains: q, mode: 'insensitive' } }, { profile: { name: { contains: q, mode: 'insensitive' } } })
  if (or.length === 0) return []
  const rows = await tx.user.findMany({
    where: { ...inReach, OR: or },
    select: { id: true, tenantId: true, email: true, status: true, bannedAt: true, signupDate: true, profile: { select: { id: true, name: true } } },
    orderBy: { signupDate: 'desc' },
    take: 50,
  })
  return rows.map((u) => ({ userId: u.id, site: u.tenantId, email: u.email, name: u.profile?.name ?? null, profileId: u.profile?.id ?? null, status: u.status, banned: u.bannedAt !== null, signupDate: u.signupDate }))
}

/** Everything the console shows about one account; null when it is not one of the operator's. */
export async function memberDetail(tx: ScopedTx, reach: Reach, userId: string) {
  if (!UUID.test(userId)) return null
  const user = await tx.user.findFirst({
    where: { id: userId, ...reachWhere(reach) },
    select: {
      id: true, poolId: true, tenantId: true, email: true, status: true, credits: true, paidUser: true, locale: true, signupDate: true, lastLoginAt: true,
      tracking: true, deletedAt: true, deleteReason: true, bannedAt: true, banReason: true, emailKinds: true, notificationsDisabled: true,
      profile: {
        select: {
          id: true, poolId: true, name: true, gender: true, birthDate: true, country: true, city: true, status: true, invisible: true, lastActiveAt: true,
          photos: { select: { id: true, thumbFilename: true, status: true, isMain: true, isPrivate: true }, orderBy: { position: 'asc' } },
        },
      },
    },
  })
  if (!user) return null
  const site = reach.sites.find((s) => s.slug === user.tenantId)!
  const accounts = await tx.user.findMany({ where: { email: user.email, ...reachWhere(reach) }, select: { id: true, tenantId: true, status: true, bannedAt: true }, orderBy: { signupDate: 'asc' } })
  const ledger = await tx.creditTransaction.findMany({ where: { poolId: user.poolId, tenantId: user.tenantId, userId: user.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 100, select: { id: true, delta: true, reason: true, reference: true, balanceAfter: true, note: true, createdAt: true } })
  const payments = await tx.payment.findMany({
    where: { poolId: user.poolId, tenantId: user.tenantId, userId: user.id },
    orderBy: { createdAt: 'desc' },
    take: 100,
    select: { id: true, bundleId: true, credits: true, amount: true, currency: true, method: true, status: true, discountCode: true, createdAt: true, paidAt: true, refundStatus: true, refundedAt: true, chargedBackAt: true, molliePaymentId: true },
    })
  const complaints = await tx.complaint.findMany({ where: { poolId: user.poolId, tenantId: user.tenantId, OR: [{ userId: user.id }, { email: user.email }] }, orderBy: { createdAt: 'desc' }, take: 50, select: { id: true, subject: true, createdAt: true, handledAt: true } })
  const notes = await (user.profile ? tx.operatorNote.findMany({ where: { poolId: user.profile.poolId, profileId: user.profile.id }, orderBy: { createdAt: 'desc' }, take: 50, select: { id: true, body: true, operatorName: true, createdAt: true } }) : [])
  const audit = await tx.operatorAudit.findMany({ where: { targetType: 'member', targetId: user.id }, orderBy: { id: 'desc' }, take: 100, select: { id: true, at: true, operatorEmail: true, action: true, before: true, after: true } })
  const sessions = await tx.session.count({ where: { poolId: user.poolId, tenantId: user.tenantId, userId: user.id } })
  return { user, site: { slug: site.slug, name: site.name, pool: site.pool }, accounts, ledger, payments, complaints, notes, audit: audit.map((a) => ({ ...a, id: a.id.toString() })), sessions }
}

/** The account behind a console form: one of the operator's sites, with its scope. */
export async function accountFor(tx: ScopedTx, reach: Reach, userId: string): Promise<{ scope: Scope; user: { id: string; email: string; status: string; bannedAt: Date | null; credits: number } } | null> {
  if (!UUID.test(userId)) return null
  const user = await tx.user.findFirst({ where: { id: userId, ...reachWhere(reach) }, select: { id: true, poolId: true, tenantId: true, email: true, status: true, bannedAt: true, credits: true } })
  const site = user ? reach.sites.find((s) => s.slug === user.tenantId && s.pool === user.poolId) : undefined
  if (!user || !site) return null
  return { scope: { tenantId: site.slug, poolId: site.pool }, user }
}

export const ADJUST_MAX = 1_000_000

export type AdjustResult = { ok: true; balance: number } | { ok: false; error: 'notFound' | 'insufficient' }

/** A ledger row `operator_adjustment` with the operator's reason; never an edit of the balance. */
export async function adjustCreditsIn(tx: ScopedTx, actor: AuditActor, reach: Reach, input: { userId: string; delta: number; note: string }): Promise<AdjustResult> {
  const account = await accountFor(tx, reach, input.userId)
  if (!account) return { ok: false, error: 'notFound' }
  const result = await changeCredits(tx, account.scope, { userId: input.userId, delta: input.delta, reason: 'operator_adjustment', reference: `op:${randomUUID()}`, note: input.note.slice(0, NOTE_MAX) })
  if (!result.ok) return { ok: false, error: result.reason === 'insufficient' ? 'insufficient' : 'notFound' }
  await auditIn(tx, actor, {
    action: 'member.credits', tenantId: account.scope.tenantId, poolId: account.scope.poolId, targetType: 'member', targetId: input.userId,
    before: { credits: account.user.credits }, after: { credits: result.balance, delta: input.delta, reason: input.note, transaction: result.transactionId },
  })
  return { ok: true, balance: result.balance }
}

/**
 * Ban: the account is marked, every session ends (logged out everywhere, also the live
 * streams at their next check), the profile leaves search, lists and chats of the pool.
 */
export async function banIn(tx: ScopedTx, actor: AuditActor, reach: Reach, input: { userId: string; reason: string; now?: Date }): Promise<Scope | null> {
  const account = await accountFor(tx, reach, input.userId)
  if (!account || account.user.bannedAt) return null
  const { scope } = account
  await tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: input.userId }, data: { bannedAt: input.now ?? new Date(), banReason: input.reason.slice(0, NOTE_MAX) } })
  await tx.profile.updateMany({ where: { poolId: scope.poolId, userId: input.userId, status: 'active' }, data: { status: 'disabled' } })
  await tx.session.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId } })
  await auditIn(tx, actor, { action: 'member.ban', tenantId: scope.tenantId, poolId: scope.poolId, targetType: 'member', targetId: input.userId, before: { banned: false }, after: { banned: true, reason: input.reason } })
  return scope
}

/** Unban: the account may log in again; an active account's profile is visible again. */
export async function unbanIn(tx: ScopedTx, actor: AuditActor, reach: Reach, input: { userId: string }): Promise<Scope | null> {
  const account = await accountFor(tx, reach, input.userId)
  if (!account || !account.user.bannedAt) return null
  const { scope } = account
  await tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: input.userId }, data: { bannedAt: null, banReason: null } })
  if (account.user.status === 'active') await tx.profile.updateMany({ where: { poolId: scope.poolId, userId: input.userId, status: 'disabled' }, data: { status: 'active' } })
  await auditIn(tx, actor, { action: 'member.unban', tenantId: scope.tenantId, poolId: scope.poolId, targetType: 'member', targetId: input.userId, before: { banned: true }, after: { banned: false } })
  return scope
}

/**
 * "Delete as the member would": the member's own deletion (hidden at once, 14 days to
 * reactivate by the mailed link). Runs in a transaction of the member's site (the
 * reactivation link is a member-only table), for an account accountFor() found on the
 * operator's handle; the audit row is written in that same transaction.
 */
export async function deleteAsMemberIn(siteTx: ScopedTx, actor: AuditActor, scope: Scope, input: { userId: string; now?: Date }) {
  const deleted = await markDeletedIn(siteTx, scope, { userId: input.userId, reason: 'other', remarks: null, now: input.now ?? new Date() })
  if (!deleted) return null
  await auditIn(siteTx, actor, { action: 'member.delete', tenantId: scope.tenantId, poolId: scope.poolId, targetType: 'member', targetId: input.userId, after: { status: 'deleted' } })
  return deleted
}

/**
 * GDPR erasure of every account of `email` on the operator's sites: the 14-day purge, at
 * once. The audit rows name the account ids and the count, never the address or the data.
 * Photo files: remove the returned queue with removeAfterCommit after the commit.
 */
export async function eraseEmailIn(tx: ScopedTx, actor: AuditActor, reach: Reach, input: { email: string; now?: Date }) {
  const now = input.now ?? new Date()
  const users = await tx.user.findMany({ where: { email: input.email.trim().toLowerCase(), ...reachWhere(reach) }, select: { id: true, tenantId: true, status: true } })
  const done: { scope: Scope; queued: number[] }[] = []
  for (const user of users) {
    const site = reach.sites.find((s) => s.slug === user.tenantId)!
    const scope = { tenantId: site.slug, poolId: site.pool }
    // Marked deleted as the purge expects; sessions and links go with the account row.
    if (user.status !== 'deleted') await tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: user.id }, data: { status: 'deleted', statusBeforeDelete: null, deletedAt: now } })
    const { queued } = await purgeUsersIn(tx, scope, [user.id])
    await auditIn(tx, actor, { action: 'member.erase', tenantId: scope.tenantId, poolId: scope.poolId, targetType: 'member', targetId: user.id, after: { erased: true } })
    done.push({ scope, queued })
  }
  return done
}
