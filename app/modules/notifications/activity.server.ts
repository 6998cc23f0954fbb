// What the notification jobs and alerts need to know of a member's activity: when a page of
// the site was last hidden (SPEC §7 beacon) and when they dismissed an alert (SPEC §4).
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'

/** At most one write a minute per member: a tab switched back and forth is no news. */
export const PAGE_HIDDEN_EVERY_MS = 60_000

export async function recordPageHidden(db: Db, scope: Scope, userId: string, now = new Date()): Promise<void> {
  await withScope(db, scope, (tx) =>
    tx.user.updateMany({
      where: { tenantId: scope.tenantId, id: userId, OR: [{ lastHiddenAt: null }, { lastHiddenAt: { lt: new Date(now.getTime() - PAGE_HIDDEN_EVERY_MS) } }] },
      data: { lastHiddenAt: now },
    }),
  )
}

export async function dismissAlert(db: Db, scope: Scope, userId: string, alert: 'push' | 'notifications_disabled', now = new Date()): Promise<Date> {
  await withScope(db, scope, (tx) =>
    tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, data: alert === 'push' ? { pushAlertDismissedAt: now } : { disabledAlertDismissedAt: now } }),
  )
  return now
}
