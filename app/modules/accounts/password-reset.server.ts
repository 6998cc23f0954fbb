// Password reset by e-mail link (SPEC §2, §5, §8). The request screen answers the same
// whether or not the address has an account; the link is single use and expires (tokens).
import { hashPassword } from '../auth/password.server.ts'
import { createSession, destroyOtherSessions } from '../auth/session.server.ts'
import { consumeToken, issueToken, sha256, TOKEN_TTL_MS } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'
import { normalizeEmail } from './fields.ts'
import { enqueueIn, wake } from '../jobs/runner.server.ts'
import { translatorFor } from '../i18n/i18n.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { themeFor } from '../../../themes/index.ts'
import { forgetLoginFailures } from './login.server.ts'

/** At most this many reset mails per account per RESET_WINDOW_MS; more are dropped silently. */
export const MAX_RESETS_PER_WINDOW = 3
export const RESET_WINDOW_MS = 3600_000

export type ResetRequestOutcome = 'sent' | 'unknown' | 'throttled'

/**
 * Sends a reset link when the address has a (not deleted) account on this site. The outcome
 * is for logs and tests only: the screen must not show it.
 */
export async function requestPasswordReset(
  ctx: MailContext,
  input: { email: string; linkFor: (rawToken: string) => string; now?: Date },
): Promise<ResetRequestOutcome> {
  const now = input.now ?? new Date()
  const { db, scope } = ctx
  const email = normalizeEmail(input.email)
  const prepared = await withScope(db, scope, async (tx) => {
    const user = await tx.user.findUnique({
      where: { poolId_tenantId_email: { poolId: scope.poolId, tenantId: scope.tenantId, email } },
      select: { id: true, email: true, status: true, bannedAt: true, profile: { select: { name: true } } },
    })
    if (!user || user.status === 'deleted' || user.bannedAt) return 'unknown' as const
    // Tokens stay after use (usedAt), so their count is the number of links sent. Issued at
    // = expiry minus the lifetime: the same clock as `now`, also when a test injects one.
    const recent = await tx.token.count({
      where: {
        tenantId: scope.tenantId,
        userId: user.id,
        purpose: 'password_reset',
        expiresAt: { gt: new Date(now.getTime() - RESET_WINDOW_MS + TOKEN_TTL_MS.password_reset) },
      },
    })
    if (recent >= MAX_RESETS_PER_WINDOW) return 'throttled' as const
    const raw = await issueToken(tx, { ...scope, userId: user.id, purpose: 'password_reset', now })
    return { raw, to: user.email, name: user.profile?.name ?? user.email }
  })
  if (typeof prepared === 'string') return prepared
  await sendMail(ctx, { to: prepared.to, kind: 'password_reset', link: input.linkFor(prepared.raw), values: { name: prepared.name } })
  return 'sent'
}

/** The `password-reset` job: what the request screen was given, nothing looked up yet. */
export type PasswordResetJob = { tenantId: string; email: string; origin: string; locale: string }

/**
 * The request screen's part: one job, the same for every address (an account or not), so
 * neither the answer nor its timing tells whether an account exists (issue #20). The job
 * (`runPasswordResetJob`) does the rest.
 */
export async function queuePasswordReset(db: Db, scope: Scope, input: { email: string; origin: string; locale: string }): Promise<void> {
  const job: PasswordResetJob = { tenantId: scope.tenantId, email: normalizeEmail(input.email), origin: input.origin, locale: input.locale }
  await withScope(db, scope, (tx) => enqueueIn(tx, 'password-reset', job))
  wake('password-reset')
}

/** The `password-reset` job: the link to the account's address, if there is an account. */
export async function runPasswordResetJob(db: Db, tenants: readonly LoadedTenant[], job: PasswordResetJob): Promise<ResetRequestOutcome | null> {
  const tenant = tenants.find((t) => t.slug === job.tenantId)
  if (!tenant) return null
  const locale = tenant.locales.offered.find((offered) => offered === job.locale) ?? tenant.locales.default
  const ctx: MailContext = { db, scope: { tenantId: tenant.slug, poolId: tenant.pool }, tenant, theme: themeFor(tenant), t: translatorFor(locale, tenant) }
  return requestPasswordReset(ctx, { email: job.email, linkFor: (raw) => `${job.origin}/reset-password/do?token=${encodeURIComponent(raw)}` })
}

/** Whether a reset link can still be used, without using it (to show the form or not). */
export async function resetTokenUsable(db: Db, scope: Scope, raw: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!raw || raw.length > 200) return false
  const token = await withScope(db, scope, (tx) =>
    tx.token.findUnique({ where: { poolId_tenantId_tokenHash: { poolId: scope.poolId, tenantId: scope.tenantId, tokenHash: sha256(raw) } }, select: { purpose: true, usedAt: true, expiresAt: true } }),
  )
  return !!token && token.purpose === 'password_reset' && !token.usedAt && token.expiresAt > now
}

export type ResetResult = { ok: true; userId: string; sessionId: string; passwordHash: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' }

/** Why a reset link cannot be used now, or null when it can (read only, nothing is used up). */
export async function resetTokenProblem(db: Db, scope: Scope, raw: string, now: Date): Promise<'invalid' | 'expired' | 'used' | null> {
  if (!raw || raw.length > 200) return 'invalid'
  const token = await withScope(db, scope, (tx) =>
    tx.token.findUnique({ where: { poolId_tenantId_tokenHash: { poolId: scope.poolId, tenantId: scope.tenantId, tokenHash: sha256(raw) } }, select: { purpose: true, usedAt: true, expiresAt: true } }),
  )
  if (!token || token.purpose !== 'password_reset') return 'invalid'
  if (token.usedAt) return 'used'
  return token.expiresAt <= now ? 'expired' : null
}

/**
 * Sets the new password from a reset link, ends every session of the account and logs it in
 * with a fresh one. Following the mailed link proves the address, so a not_confirmed account
 * becomes active, and its login lockouts are lifted.
 */
export async function resetPassword(
  deps: { db: Db; scope: Scope },
  input: { token: string; password: string; userAgent?: string | null; ip?: string; now?: Date },
): Promise<ResetResult> {
  const { db, scope } = deps
  const now = input.now ?? new Date()
  // The link is checked first: a made-up token costs no argon2 hash.
  const problem = await resetTokenProblem(db, scope, input.token, now)
  if (problem) return { ok: false, reason: problem }
  // Hashed before the transaction, so argon2's cost does not hold a connection and locks.
  // The token is used up inside it, atomically, so two posts of one link still set one.
  const passwordHash = await hashPassword(input.password)
  const result = await withScope(db, scope, async (tx): Promise<ResetResult & { email?: string }> => {
    const consumed = await consumeToken(tx, scope, 'password_reset', input.token, now)
    if (!consumed.ok) return consumed
    const user = await tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: consumed.userId } }, select: { id: true, email: true, status: true, bannedAt: true } })
    // Deleted or banned after the link was sent: the link dies with the account.
    if (!user || user.status === 'deleted' || user.bannedAt) return { ok: false, reason: 'invalid' }
    await tx.user.update({
      where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: user.id } },
      data: { passwordHash, lastLoginAt: now, ...(user.status === 'not_confirmed' ? { status: 'active' } : {}) },
    })
    if (user.status === 'not_confirmed') {
      // As activation does: the profile, hidden while unconfirmed, becomes visible.
      await tx.profile.updateMany({ where: { userId: user.id, status: 'disabled' }, data: { status: 'active' } })
    }
    await destroyOtherSessions(tx, scope.tenantId, user.id)
    const sessionId = await createSession(tx, { ...scope, userId: user.id, userAgent: input.userAgent, now })
    return { ok: true, userId: user.id, sessionId, email: user.email, passwordHash }
  })
  if (!result.ok) return result
  // The owner of the mailbox has just proven who they are: forget their failed logins.
  if (result.email) await forgetLoginFailures(scope.tenantId, result.email, input.ip ?? '')
  return { ok: true, userId: result.userId, sessionId: result.sessionId, passwordHash }
}
