// The recurring notification jobs: unread-message reminders (hourly; a member with messages
// unread for 24 hours who has not been on the site since, at most one reminder a day) and the
// weekly update (new likes and unread messages of the week). Each member's send is marked
// (remindedAt, weeklyAt) in the transaction that queues the mail, so a retried or concurrent
// run never sends twice.
import type { Db } from '../db/client.server.ts'
import { withScope, type ScopedTx } from '../db/scoped.server.ts'
import { wake } from '../jobs/runner.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { deliverNotificationIn, loadRecipient, type Notification } from './notify.server.ts'

const DAY = 24 * 3600_000
export const REMINDER_AFTER_MS = DAY
export const WEEKLY_EVERY_MS = 7 * DAY - 3600_000

/**
 * Marks the member (`claim`: a conditional update that matches only while they are due) and
 * queues the notification in the same transaction; false when another run was first or
 * nothing was queued.
 */
async function claimAndNotify(db: Db, tenant: LoadedTenant, userId: string, claim: (tx: ScopedTx) => Promise<{ count: number }>, notification: Notification): Promise<boolean> {
  return withScope(db, { tenantId: tenant.slug, poolId: tenant.pool }, async (tx) => {
    if ((await claim(tx)).count === 0) return false
    const user = await loadRecipient(tx, tenant, userId)
    if (!user) return false
    const r = await deliverNotificationIn(tx, tenant, user, notification)
    return r.mail || r.pushes > 0
  })
}

function wakeSenders(): void {
  wake('mail-send')
  wake('push-send')
}

export async function sendUnreadReminders(db: Db, tenants: readonly LoadedTenant[], now: Date): Promise<number> {
  let sent = 0
  for (const tenant of tenants) {
    const scope = { tenantId: tenant.slug, poolId: tenant.pool }
    const since = new Date(now.getTime() - REMINDER_AFTER_MS)
    const candidates = await withScope(db, scope, (tx) =>
      tx.$queryRaw<{ userId: string; name: string; unread: bigint }[]>`
        SELECT u."id" AS "userId", p."name", count(m.*) AS unread
        FROM "User" u JOIN "Profile" p ON p."poolId" = ${scope.poolId} AND p."userId" = u."id"
        JOIN "Message" m ON m."poolId" = ${scope.poolId} AND m."recipientId" = p."id" AND m."readAt" IS NULL AND m."deliveredAt" IS NOT NULL AND m."deliveredAt" <= ${since}
        WHERE u."tenantId" = ${scope.tenantId} AND u."status" = 'active'
          AND (u."remindedAt" IS NULL OR u."remindedAt" <= ${since})
          AND (u."lastHiddenAt" IS NULL OR u."lastHiddenAt" <= m."deliveredAt")
        GROUP BY u."id", p."name" LIMIT 500`,
    )
    for (const c of candidates) {
      const claim = (tx: ScopedTx) => tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: c.userId, OR: [{ remindedAt: null }, { remindedAt: { lte: since } }] }, data: { remindedAt: now } })
      const done = await claimAndNotify(db, tenant, c.userId, claim, {
        kind: 'unread_message_reminders',
        mailKind: 'unread_reminder',
        path: '/chats',
        values: { name: c.name, count: Number(c.unread) },
        key: `reminder:${c.userId}:${now.toISOString().slice(0, 13)}`,
      })
      if (done) sent += 1
    }
  }
  if (sent) wakeSenders()
  return sent
}

export async function sendWeeklyUpdates(db: Db, tenants: readonly LoadedTenant[], now: Date): Promise<number> {
  let sent = 0
  const weekAgo = new Date(now.getTime() - 7 * DAY)
  const due = new Date(now.getTime() - WEEKLY_EVERY_MS)
  for (const tenant of tenants) {
    const scope = { tenantId: tenant.slug, poolId: tenant.pool }
    const candidates = await withScope(db, scope, (tx) =>
      tx.$queryRaw<{ userId: string; name: string; likes: bigint; unread: bigint }[]>`
        SELECT u."id" AS "userId", p."name",
          (SELECT count(*) FROM "Like" l WHERE l."poolId" = ${scope.poolId} AND l."likedId" = p."id" AND l."createdAt" > ${weekAgo}) AS likes,
          (SELECT count(*) FROM "Message" m WHERE m."poolId" = ${scope.poolId} AND m."recipientId" = p."id" AND m."readAt" IS NULL AND m."deliveredAt" IS NOT NULL) AS unread
        FROM "User" u JOIN "Profile" p ON p."poolId" = ${scope.poolId} AND p."userId" = u."id"
        WHERE u."tenantId" = ${scope.tenantId} AND u."status" = 'active' AND 'weekly_updates' = ANY(u."emailKinds" || u."pushKinds")
          AND (u."weeklyAt" IS NULL OR u."weeklyAt" <= ${due})
        LIMIT 1000`,
    )
    for (const c of candidates) {
      // Nothing happened for this member this week: no mail about nothing.
      if (Number(c.likes) === 0 && Number(c.unread) === 0) continue
      const claim = (tx: ScopedTx) => tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: c.userId, OR: [{ weeklyAt: null }, { weeklyAt: { lte: due } }] }, data: { weeklyAt: now } })
      const done = await claimAndNotify(db, tenant, c.userId, claim, {
        kind: 'weekly_updates',
        mailKind: 'weekly_update',
        path: '/members',
        values: { name: c.name, likes: Number(c.likes), unread: Number(c.unread) },
        key: `weekly:${c.userId}:${now.toISOString().slice(0, 10)}`,
      })
      if (done) sent += 1
    }
  }
  if (sent) wakeSenders()
  return sent
}
