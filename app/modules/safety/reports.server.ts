// Members report a profile or a message (decision 053). One open report per reporter and
// target: the partial unique index "Report_open_key" makes a repeat insert nothing, so a
// double click or a second report says "already reported" and adds no row. Only what the
// reporter can see may be reported: a profile of their pool they can reach (or chat with),
// a message they received. Nobody reports themselves.
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import { findConversation, reachableProfile } from '../reach/reach.server.ts'
import type { ReportReasonKey } from './report-form.ts'

export { REPORT_NOTE_MAX, REPORT_REASONS, ReportFormSchema, type ReportReasonKey } from './report-form.ts'

export type ReportInput = { reporterId: number; targetId: number; messageId?: string | null; reason: ReportReasonKey; note: string | null; now?: Date }
export type ReportResult = { ok: true; created: boolean } | { ok: false; reason: 'not_found' | 'self' }

/** The message `messageId` as its recipient `me` saw it, from `targetId`; null when not so. */
export async function reportableMessage(tx: ScopedTx, scope: Scope, me: number, targetId: number, messageId: string) {
  return tx.message.findFirst({
    where: { poolId: scope.poolId, id: messageId, senderId: targetId, recipientId: me, deliveredAt: { not: null } },
    select: { id: true, body: true, gift: true, createdAt: true },
  })
}

/** Whether `me` may report the profile `targetId`: one they can reach, or one they have a conversation with. */
export async function reportableProfile(tx: ScopedTx, scope: Scope, me: number, targetId: number): Promise<boolean> {
  if (me === targetId) return false
  if (await reachableProfile(tx, scope, me, targetId)) return true
  return (await findConversation(tx, scope, me, targetId)) !== null
}

export async function reportIn(tx: ScopedTx, scope: Scope, input: ReportInput): Promise<ReportResult> {
  if (input.reporterId === input.targetId) return { ok: false, reason: 'self' }
  // The reporter's own profile, of this site (the scope's), so nobody reports in another's name.
  const reporter = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: input.reporterId, tenantId: scope.tenantId }, select: { id: true } })
  if (!reporter) return { ok: false, reason: 'not_found' }
  const messageId = input.messageId ?? null
  const allowed = messageId ? (await reportableMessage(tx, scope, input.reporterId, input.targetId, messageId)) !== null : await reportableProfile(tx, scope, input.reporterId, input.targetId)
  if (!allowed) return { ok: false, reason: 'not_found' }
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Report" ("poolId", "tenantId", "reporterId", "targetId", "messageId", "reason", "note", "createdAt")
    VALUES (${scope.poolId}, ${scope.tenantId}, ${input.reporterId}, ${input.targetId}, ${messageId}, ${input.reason}::"ReportReason", ${input.note}, ${input.now ?? new Date()})
    ON CONFLICT ("poolId", "reporterId", "targetId", (COALESCE("messageId", ''))) WHERE "status" = 'open' DO NOTHING
    RETURNING id`
  return { ok: true, created: rows.length === 1 }
}

/** The member's first warning not yet shown: marked seen (the notice was shown and confirmed). */
export async function markWarningSeenIn(tx: ScopedTx, scope: Scope, profileId: number, warningId: number, now = new Date()): Promise<boolean> {
  const { count } = await tx.memberWarning.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, profileId, id: warningId, seenAt: null }, data: { seenAt: now } })
  return count === 1
}
