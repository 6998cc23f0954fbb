// Settings actions that need the current password (change e-mail, change password, delete)
// check it here. Wrong guesses count in the login throttle under a key of their own, so a
// stolen session cannot be used to brute-force the password behind it.
import { hashPassword, verifyPassword } from '../auth/password.server.ts'
import { destroyOtherSessions } from '../auth/session.server.ts'
import { loginThrottle } from '../auth/throttle.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'

export type CurrentPasswordCheck = { ok: true } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'locked'; minutes: number }

const throttleKey = (userId: string) => `settings:${userId}`

export async function verifyCurrentPassword(db: Db, scope: Scope, userId: string, password: string, now = new Date()): Promise<CurrentPasswordCheck> {
  const throttle = loginThrottle(db, scope)
  const key = throttleKey(userId)
  const state = await throttle.check(key, now)
  if (state.locked) return { ok: false, reason: 'locked', minutes: state.minutes }
  const user = await withScope(db, scope, (tx) => tx.user.findFirst({ where: { tenantId: scope.tenantId, id: userId }, select: { passwordHash: true } }))
  if (await verifyPassword(user?.passwordHash, password)) {
    await throttle.reset(key)
    return { ok: true }
  }
  const after = await throttle.fail(key, now)
  return after.locked ? { ok: false, reason: 'locked', minutes: after.minutes } : { ok: false, reason: 'wrong' }
}

/**
 * New argon2id hash after checking the old password. Every other session of the member ends
 * (a thief logged in elsewhere is out); the one making the change stays. Unused reset links
 * die too: they were asked for with the old password in mind.
 */
export async function changePassword(
  db: Db,
  scope: Scope,
  input: { userId: string; sessionId: string; oldPassword: string; newPassword: string; now?: Date },
): Promise<CurrentPasswordCheck> {
  const now = input.now ?? new Date()
  const check = await verifyCurrentPassword(db, scope, input.userId, input.oldPassword, now)
  if (!check.ok) return check
  const passwordHash = await hashPassword(input.newPassword)
  await withScope(db, scope, async (tx) => {
    await tx.user.updateMany({ where: { tenantId: scope.tenantId, id: input.userId }, data: { passwordHash } })
    await destroyOtherSessions(tx, scope.tenantId, input.userId, input.sessionId)
    await tx.token.updateMany({ where: { tenantId: scope.tenantId, userId: input.userId, purpose: 'password_reset', usedAt: null }, data: { usedAt: now } })
  })
  return { ok: true }
}
