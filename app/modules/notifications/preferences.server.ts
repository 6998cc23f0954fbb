// Notification preferences (SPEC §3) and the reasons e-mail is off for an address: a bounce
// or a spam complaint (fed in by `npm run mail:bounce` or a provider's webhook) and the
// mail client's one-click unsubscribe (RFC 8058). A disabled address gets no notification
// mails until the member switches e-mail on again on /notifications; account mails
// (activation, password reset) still go out.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { normalizeEmail } from '../accounts/fields.ts'
import { isKind, NOTIFICATION_KINDS, type DisabledReason, type NotificationKind } from './kinds.ts'
import { readUnsubscribeToken } from './links.server.ts'

export type Preferences = { email: NotificationKind[]; push: NotificationKind[]; disabled: DisabledReason[] }

const kindsOnly = (list: readonly string[]) => NOTIFICATION_KINDS.filter((k) => list.includes(k))

export async function readPreferences(db: Db, scope: Scope, userId: string): Promise<Preferences | null> {
  const user = await withScope(db, scope, (tx) =>
    tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, select: { emailKinds: true, pushKinds: true, notificationsDisabled: true } }),
  )
  if (!user) return null
  return { email: kindsOnly(user.emailKinds), push: kindsOnly(user.pushKinds), disabled: user.notificationsDisabled as DisabledReason[] }
}

/** Saves the member's choice; saving with e-mail kinds on clears the disabled reasons (they asked for mail again). */
export async function savePreferences(db: Db, scope: Scope, userId: string, input: { email: readonly string[]; push: readonly string[] }): Promise<void> {
  const email = kindsOnly(input.email)
  const push = kindsOnly(input.push)
  await withScope(db, scope, (tx) =>
    tx.user.updateMany({
      where: { tenantId: scope.tenantId, id: userId },
      data: { emailKinds: email, pushKinds: push, ...(email.length > 0 ? { notificationsDisabled: [] } : {}) },
    }),
  )
}

/** A bounce or complaint for `email` on this site: e-mail off with that reason. False when no account has it. */
export async function disableEmail(db: Db, scope: Scope, email: string, reason: DisabledReason): Promise<boolean> {
  return withScope(db, scope, async (tx) => {
    const user = await tx.user.findUnique({ where: { poolId_tenantId_email: { poolId: scope.poolId, tenantId: scope.tenantId, email: normalizeEmail(email) } }, select: { id: true, notificationsDisabled: true } })
    if (!user) return false
    if (!user.notificationsDisabled.includes(reason)) {
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: user.id } }, data: { notificationsDisabled: [...user.notificationsDisabled, reason] } })
    }
    return true
  })
}

/** RFC 8058 one-click unsubscribe: that kind off by e-mail, and the reason recorded. */
export async function unsubscribe(db: Db, scope: Scope, token: string): Promise<boolean> {
  const parsed = readUnsubscribeToken(scope.tenantId, token)
  if (!parsed || !isKind(parsed.kind)) return false
  const kind = parsed.kind
  return withScope(db, scope, async (tx) => {
    const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: parsed.userId }, select: { id: true, emailKinds: true, notificationsDisabled: true } })
    if (!user) return false
    await tx.user.update({
      where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: user.id } },
      data: {
        emailKinds: user.emailKinds.filter((k) => k !== kind),
        notificationsDisabled: user.notificationsDisabled.includes('listunsubscribe') ? user.notificationsDisabled : [...user.notificationsDisabled, 'listunsubscribe'],
      },
    })
    return true
  })
}
