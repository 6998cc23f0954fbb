// Console login (decision 023): e-mail and password (argon2id), with the member login's
// abuse limits and lockout (decision 009: attempts reserved before the password is checked,
// per IP, per account and IP, per account), keyed by `console` instead of a site. Then the
// second factor when the operator has TOTP, or its set-up when the role requires it; only
// then a full session. Every step rotates the session id.
import type { Db } from '../db/client.server.ts'
import { loginBuckets } from '../accounts/login.server.ts'
import { normalizeEmail } from '../accounts/fields.ts'
import { verifyPassword } from '../auth/password.server.ts'
import { retryMinutes } from '../limits/answer.server.ts'
import { block, consume, consumeAll, forget, refund } from '../limits/limiter.server.ts'
import { auditIn } from './audit.server.ts'
import { TOTP_REQUIRED, type OperatorRole } from './roles.ts'
import { createConsoleSession, destroyConsoleSession, type ConsoleSession, type SessionStage } from './session.server.ts'
import { spendRecoveryCode, spendTotpCode } from './totp.server.ts'

/** The limits' "site" for console accounts: operators and members never share a bucket. */
export const CONSOLE_LIMIT_SCOPE = 'console'

export type OperatorLoginResult =
  | { ok: true; stage: SessionStage; role: OperatorRole; cookie: { rawId: string; maxAge: number } }
  | { ok: false; reason: 'failed' }
  | { ok: false; reason: 'locked'; minutes: number; retryAfter: number }

export type OperatorLoginInput = { email: string; password: string; ip: string; userAgent?: string | null; previousSessionId?: string | null }

const locked = (retryAfter: number) => ({ ok: false as const, reason: 'locked' as const, minutes: retryMinutes(retryAfter), retryAfter })

/** The stage a correct password leads to. */
export function stageAfterPassword(operator: { role: OperatorRole; totpSecret: string | null }): SessionStage {
  if (operator.totpSecret) return 'second_factor'
  return TOTP_REQUIRED.includes(operator.role) ? 'enrol' : 'full'
}

export async function logInOperator(db: Db, input: OperatorLoginInput): Promise<OperatorLoginResult> {
  const email = normalizeEmail(input.email)
  const operator = await db.operator.findUnique({ where: { email }, select: { id: true, email: true, role: true, status: true, passwordHash: true, totpSecret: true } })
  const usable = operator && operator.status === 'active' ? operator : null
  const buckets = loginBuckets(CONSOLE_LIMIT_SCOPE, email, input.ip, null)
  const reserved = await consumeAll(buckets)
  if (!reserved.ok) return locked(reserved.retryAfter)
  const valid = await verifyPassword(usable?.passwordHash ?? null, input.password)
  if (!usable || !valid) {
    const spent = buckets.filter(([name]) => reserved.exhausted.includes(name))
    if (spent.length === 0) return { ok: false, reason: 'failed' }
    return locked(Math.max(...(await Promise.all(spent.map(([name, key]) => block(name, key))))))
  }
  await Promise.all(buckets.map(([name, key]) => (name === 'login_account_ip' ? forget(name, key) : refund(name, key))))
  if (input.previousSessionId) await destroyConsoleSession(db, input.previousSessionId)
  const stage = stageAfterPassword(usable)
  const cookie = await createConsoleSession(db, { operatorId: usable.id, stage, userAgent: input.userAgent, ip: input.ip })
  if (stage === 'full') await recordLogin(db, usable, input.ip)
  return { ok: true, stage, role: usable.role, cookie }
}

async function recordLogin(db: Db, operator: { id: string; email: string; role: OperatorRole }, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.operator.update({ where: { id: operator.id }, data: { lastLoginAt: new Date() } })
    await auditIn(tx, { id: operator.id, email: operator.email, role: operator.role, ip }, { action: 'operator.login' })
  })
}

export type CodeResult = { ok: true; cookie: { rawId: string; maxAge: number } } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'locked'; minutes: number; retryAfter: number }

/**
 * The second factor of a half-finished login: a TOTP code, or a recovery code (used up).
 * Five wrong codes lock the operator's code entry for 15 minutes.
 */
export async function completeSecondFactor(db: Db, session: ConsoleSession, input: { code: string; recovery: boolean; ip: string; userAgent?: string | null }): Promise<CodeResult> {
  const key = `${CONSOLE_LIMIT_SCOPE}:${session.operator.id}`
  const verdict = await consume('operator_code', key)
  if (!verdict.ok) return locked(verdict.retryAfter)
  const right = input.recovery ? await spendRecoveryCode(db, session.operator.id, input.code) : await spendTotpCode(db, session.operator.id, input.code)
  if (!right) return verdict.remaining <= 0 ? locked(await block('operator_code', key)) : { ok: false, reason: 'wrong' }
  await forget('operator_code', key)
  return { ok: true, cookie: await upgradeSession(db, session, input.ip, input.userAgent, input.recovery ? 'operator.login_recovery_code' : 'operator.login') }
}

/** Replaces a half-finished session with a full one (a new id) and records the login. */
export async function upgradeSession(db: Db, session: ConsoleSession, ip: string, userAgent: string | null | undefined, action = 'operator.login'): Promise<{ rawId: string; maxAge: number }> {
  await destroyConsoleSession(db, session.rawId)
  const cookie = await createConsoleSession(db, { operatorId: session.operator.id, stage: 'full', userAgent, ip })
  await db.$transaction(async (tx) => {
    await tx.operator.update({ where: { id: session.operator.id }, data: { lastLoginAt: new Date() } })
    await auditIn(tx, { id: session.operator.id, email: session.operator.email, role: session.operator.role, ip }, { action })
  })
  return cookie
}

/** Logout: the session ends, the operator is no longer available for new conversations. */
export async function logOutOperator(db: Db, session: ConsoleSession, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.operator.update({ where: { id: session.operator.id }, data: { available: false } })
    await auditIn(tx, { id: session.operator.id, email: session.operator.email, role: session.operator.role, ip }, { action: 'operator.logout' })
  })
  await destroyConsoleSession(db, session.rawId)
}
