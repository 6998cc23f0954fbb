// Settings actions that need the current password (change e-mail, change password, delete)
// check it here. Guesses count in a limit of their own (reserved before the check, given back
// when right), so a stolen session cannot be used to brute-force the password behind it.
import { hashPassword, verifyPassword } from '../auth/password.server.ts'
import { destroyOtherSessions } from '../auth/session.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { block, consume, forget } from '../limits/limiter.server.ts'

export type CurrentPasswordCheck = { ok: true } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'locked'; minutes: number }

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))

// `_now` is kept for callers that pass their clock; the limit keeps time in its store.
export async function verifyCurrentPassword(db: Db, scope: Scope, userId: string, password: string, _now = new Date()): Promise<CurrentPasswordCheck> {
  const key = `${scope.tenantId}:${userId}`
  const reserved = await consume('password_check', key)
  if (!reserved.ok) return { ok: false, reason: 'locked', minutes: minutes(reserved.retryAfter) }
  const user = await withScope(db, scope, (tx) => tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, select: { passwordHash: true } }))
  if (await verifyPassword(user?.passwordHash, password)) {
    await forget('password_check', key)
    return { ok: true }
  }
  if (reserved.remaining > 0) return { ok: false, reason: 'wrong' }
  return { ok: false, reason: 'locked', minutes: minutes(await block('password_check', key)) }
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
    await tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: input.userId }, data: { passwordHash } })
    await destroyOtherSessions(tx, scope.tenantId, input.userId, input.sessionId)
    await tx.token.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, purpose: 'password_reset', usedAt: null }, data: { usedAt: now } })
  })
  return { ok: true }
}
