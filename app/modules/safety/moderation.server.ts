// The moderators' report queue (console /reports, decision 053): open reports of the
// operator's sites grouped by the reported profile, with what was reported (the profile's
// text and photos, a reported message with the conversation around it) and the member's
// history (earlier reports, warnings, a ban). Each action closes every open report of that
// profile and is audited in the same transaction: dismiss, warn, hide a photo, ban (the
// member-care ban: sessions end everywhere).
import type { ScopedTx } from '../db/scoped.server.ts'
import { queueMediaDeletion } from '../media/deletions.server.ts'
import { banIn } from '../care/members.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'
import type { Reach } from '../operators/scope.server.ts'
import { ensureMainPhoto, lockProfile } from '../photos/photos.server.ts'
import { photoKeys } from '../photos/store.server.ts'
import type { ReportReasonKey } from './reports.server.ts'

export const REPORT_ACTIONS = ['dismiss', 'warn', 'hide_photo', 'ban'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]

type Line = { id: string; fromTarget: boolean; body: string; gift: string | null; createdAt: Date; reported: boolean }

export type ReportGroup = {
  poolId: string
  targetId: number
  site: string
  siteName: string
  name: string
  about: string | null
  fictional: boolean
  status: string
  userId: string | null
  /** The account is on one of the operator's sites (ban needs that). */
  bannable: boolean
  banned: boolean
  photos: { id: number; thumb: string }[]
  reports: { id: number; reason: string; note: string | null; createdAt: Date; reporterName: string; reporterSite: string; messageId: string | null }[]
  /** Reported messages, each with up to three messages before and after it. */
  conversations: { messageId: string; lines: Line[] }[]
  history: { reports: { reason: string; decision: string | null; decidedAt: Date | null }[]; warnings: { reason: string; createdAt: Date; seen: boolean }[] }
}

/** Open reports of the operator's sites (the reporter's site), grouped by reported profile, oldest report first. */
export async function listReportGroups(tx: ScopedTx, reach: Reach, take = 20): Promise<{ groups: ReportGroup[]; open: number }> {
  const sites = reach.sites.map((s) => s.slug)
  const where = { poolId: { in: reach.pools }, tenantId: { in: sites }, status: 'open' as const }
  const open = await tx.report.count({ where })
  const targets = await tx.report.groupBy({ by: ['poolId', 'targetId'], where, _min: { createdAt: true }, orderBy: { _min: { createdAt: 'asc' } }, take })
  const groups: ReportGroup[] = []
  for (const t of targets) {
    const profile = await tx.profile.findFirst({
      where: { poolId: t.poolId, id: t.targetId },
      select: { name: true, about: true, fictional: true, status: true, userId: true, tenantId: true, photos: { where: { status: 'active' }, orderBy: { position: 'asc' }, select: { id: true, thumbFilename: true } } },
    })
    if (!profile) continue
    const reports = await tx.report.findMany({
      where: { ...where, poolId: t.poolId, targetId: t.targetId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, reason: true, note: true, createdAt: true, tenantId: true, messageId: true, reporter: { select: { name: true } } },
    })
    const conversations: ReportGroup['conversations'] = []
    for (const messageId of [...new Set(reports.flatMap((r) => (r.messageId ? [r.messageId] : [])))]) {
      const m = await tx.message.findFirst({ where: { poolId: t.poolId, id: messageId }, select: { conversationId: true, createdAt: true } })
      if (!m) continue
      const select = { id: true, senderId: true, body: true, gift: true, createdAt: true } as const
      const before = await tx.message.findMany({ where: { poolId: t.poolId, conversationId: m.conversationId, createdAt: { lt: m.createdAt } }, orderBy: { createdAt: 'desc' }, take: 3, select })
      const rest = await tx.message.findMany({ where: { poolId: t.poolId, conversationId: m.conversationId, createdAt: { gte: m.createdAt } }, orderBy: { createdAt: 'asc' }, take: 4, select })
      conversations.push({
        messageId,
        lines: [...before.reverse(), ...rest].map((x) => ({ id: x.id, fromTarget: x.senderId === t.targetId, body: x.body, gift: x.gift, createdAt: x.createdAt, reported: x.id === messageId })),
      })
    }
    const earlier = await tx.report.findMany({ where: { poolId: t.poolId, targetId: t.targetId, status: { not: 'open' } }, orderBy: { createdAt: 'desc' }, take: 20, select: { reason: true, decision: true, decidedAt: true } })
    const warnings = await tx.memberWarning.findMany({ where: { poolId: t.poolId, profileId: t.targetId }, orderBy: { createdAt: 'desc' }, take: 20, select: { reason: true, createdAt: true, seenAt: true } })
    const account = profile.userId ? await tx.user.findFirst({ where: { poolId: t.poolId, tenantId: profile.tenantId, id: profile.userId }, select: { bannedAt: true, tenantId: true } }) : null
    const site = reach.sites.find((s) => s.slug === profile.tenantId)
    groups.push({
      poolId: t.poolId, targetId: t.targetId, site: profile.tenantId, siteName: site?.name ?? profile.tenantId,
      name: profile.name, about: profile.about, fictional: profile.fictional, status: profile.status, userId: profile.userId,
      bannable: !profile.fictional && account !== null && sites.includes(account.tenantId) && account.bannedAt === null,
      banned: account?.bannedAt != null,
      photos: profile.photos.map((p) => ({ id: p.id, thumb: `/media/${p.thumbFilename}` })),
      reports: reports.map((r) => ({ id: r.id, reason: r.reason, note: r.note, createdAt: r.createdAt, reporterName: r.reporter.name, reporterSite: r.tenantId, messageId: r.messageId })),
      conversations,
      history: { reports: earlier, warnings: warnings.map((w) => ({ reason: w.reason, createdAt: w.createdAt, seen: w.seenAt !== null })) },
    })
  }
  return { groups, open }
}

export type ActionInput = { poolId: string; targetId: number; action: ReportAction; photoId?: number | null; reason?: ReportReasonKey | null; note?: string; now?: Date }
export type ActionResult = { ok: true; closed: number; queuedMedia: number[] } | { ok: false; error: 'notFound' | 'photoNotFound' | 'notBannable' }

/**
 * One action on a reported profile, in the caller's operator transaction: the open reports
 * of the operator's sites about it are closed (dismissed, or actioned with the action's
 * name), the action done, and one audit row written. Nothing open: notFound (a second
 * click changes nothing).
 */
export async function actOnReportsIn(tx: ScopedTx, actor: AuditActor, reach: Reach, input: ActionInput): Promise<ActionResult> {
  if (!reach.pools.includes(input.poolId)) return { ok: false, error: 'notFound' }
  const sites = reach.sites.map((s) => s.slug)
  const now = input.now ?? new Date()
  const openWhere = { poolId: input.poolId, targetId: input.targetId, tenantId: { in: sites }, status: 'open' as const }
  const reports = await tx.report.findMany({ where: openWhere, select: { id: true, reason: true } })
  if (reports.length === 0) return { ok: false, error: 'notFound' }
  const profile = await tx.profile.findFirst({ where: { poolId: input.poolId, id: input.targetId }, select: { tenantId: true, userId: true, fictional: true } })
  if (!profile) return { ok: false, error: 'notFound' }
  const reason: ReportReasonKey = input.reason ?? (reports[0]!.reason as ReportReasonKey)
  let queuedMedia: number[] = []
  const detail: Record<string, unknown> = {}
  if (input.action === 'warn') {
    const warning = await tx.memberWarning.create({ data: { poolId: input.poolId, tenantId: profile.tenantId, profileId: input.targetId, reason, operatorId: actor.id, createdAt: now }, select: { id: true } })
    detail.warning = warning.id
  } else if (input.action === 'hide_photo') {
    const scope = { tenantId: profile.tenantId, poolId: input.poolId }
    const photo = input.photoId ? await tx.photo.findFirst({ where: { poolId: input.poolId, id: input.photoId, profileId: input.targetId, status: 'active' }, select: { id: true, filename: true, thumbFilename: true } }) : null
    if (!photo) return { ok: false, error: 'photoNotFound' }
    // The member's own photo changes hold the same lock; the photo leaves profile and search.
    await lockProfile(tx, scope, input.targetId)
    await tx.photo.updateMany({ where: { poolId: input.poolId, id: photo.id }, data: { status: 'rejected', isMain: false, rejectReason: 'other', reviewedAt: now } })
    await ensureMainPhoto(tx, scope, input.targetId)
    queuedMedia = await queueMediaDeletion(tx, scope, photoKeys(photo))
    detail.photo = photo.id
  } else if (input.action === 'ban') {
    if (!profile.userId || profile.fictional) return { ok: false, error: 'notBannable' }
    const banned = await banIn(tx, actor, reach, { userId: profile.userId, reason: input.note?.trim() || `report:${reason}`, now })
    if (!banned) return { ok: false, error: 'notBannable' }
  }
  const { count } = await tx.report.updateMany({
    where: { ...openWhere, id: { in: reports.map((r) => r.id) } },
    data: { status: input.action === 'dismiss' ? 'dismissed' : 'actioned', decision: input.action, decidedAt: now, decidedBy: actor.id },
  })
  await auditIn(tx, actor, {
    action: `report.${input.action}`, tenantId: profile.tenantId, poolId: input.poolId, targetType: 'profile', targetId: input.targetId,
    before: { open: reports.map((r) => r.id) }, after: { closed: count, reason, ...detail },
  })
  return { ok: true, closed: count, queuedMedia }
}
