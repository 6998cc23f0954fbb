// E-mail change: the current password, then a single-use link to the NEW address. The
// address changes only when that link is followed, so nobody can move an account to an
// inbox they do not control, and following it proves the address (not_confirmed -> active).
import { consumeToken, issueToken } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { consume } from '../limits/limiter.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'
import { verifyCurrentPassword } from './password-change.server.ts'

export type EmailChangeRequest =
  | { ok: true }
  | { ok: false; field: 'newEmail'; error: 'validation.emailTaken' | 'settings:email.sameAsCurrent' }
  | { ok: false; field: 'password'; error: 'settings:errors.currentPasswordWrong' }
  | { ok: false; field: 'password'; error: 'locked'; minutes: number }
  | { ok: false; field: 'newEmail'; error: 'limited'; retryAfter: number }

/** `newEmail` is already normalised (EmailSchema). `linkFor` turns the raw token into the mailed URL. */
export async function requestEmailChange(
  mail: MailContext,
  input: { userId: string; newEmail: string; password: string; linkFor: (token: string) => string; now?: Date },
): Promise<EmailChangeRequest> {
  const { db, scope } = mail
  const now = input.now ?? new Date()
  // The password comes first: without it, this form must not tell which addresses have an account.
  const check = await verifyCurrentPassword(db, scope, input.userId, input.password, now)
  if (!check.ok) return check.reason === 'locked' ? { ok: false, field: 'password', error: 'locked', minutes: check.minutes } : { ok: false, field: 'password', error: 'settings:errors.currentPasswordWrong' }

  // Mails to one address, from every account and site together: nobody floods a stranger.
  const recipient = await consume('email_change_recipient', input.newEmail.toLowerCase())
  if (!recipient.ok) return { ok: false, field: 'newEmail', error: 'limited', retryAfter: recipient.retryAfter }

  const outcome = await withScope(db, scope, async (tx) => {
    const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: input.userId }, include: { profile: { select: { name: true } } } })
    if (!user) throw new Error('requestEmailChange: the member has no account on this site')
    if (user.email === input.newEmail) return { ok: false as const, error: 'settings:email.sameAsCurrent' as const }
    // Any account still in the table counts, deleted ones too: their 14 days are not over.
    const taken = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, email: input.newEmail }, select: { id: true } })
    if (taken) return { ok: false as const, error: 'validation.emailTaken' as const }
    const token = await issueToken(tx, { ...scope, userId: user.id, purpose: 'email_change', newEmail: input.newEmail, now })
    return { ok: true as const, token, name: user.profile?.name ?? '' }
  })
  if (!outcome.ok) return { ok: false, field: 'newEmail', error: outcome.error }

  await sendMail(mail, { to: input.newEmail, kind: 'email_change', link: input.linkFor(outcome.token), values: { name: outcome.name } })
  return { ok: true }
}

export type EmailChangeResult = { ok: true; email: string; previousEmail: string; name: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'taken' }

/** Follows the link from the mail: the address changes unless another account took it meanwhile. */
export async function confirmEmailChange(db: Db, scope: Scope, rawToken: string, now = new Date()): Promise<EmailChangeResult> {
  try {
    return await withScope(db, scope, async (tx): Promise<EmailChangeResult> => {
      const consumed = await consumeToken(tx, scope, 'email_change', rawToken, now)
      if (!consumed.ok) return consumed
      const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: consumed.userId }, include: { profile: { select: { name: true } } } })
      if (!user || user.status === 'deleted' || !consumed.newEmail) return { ok: false, reason: 'invalid' }
      const taken = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, email: consumed.newEmail, NOT: { id: user.id } }, select: { id: true } })
      if (taken) return { ok: false, reason: 'taken' }
      await tx.user.updateMany({
        where: { tenantId: scope.tenantId, id: user.id },
        data: { email: consumed.newEmail, ...(user.status === 'not_confirmed' ? { status: 'active' } : {}) },
      })
      if (user.status === 'not_confirmed') {
        // Confirmed now, like activation: the profile that waited for it becomes visible.
        await tx.profile.updateMany({ where: { poolId: scope.poolId, userId: user.id, status: 'disabled' }, data: { status: 'active' } })
      }
      return { ok: true, email: consumed.newEmail, previousEmail: user.email, name: user.profile?.name ?? '' }
    })
  } catch (error) {
    // Two changes to one address at the same moment: the unique index decides, the loser is told.
    if (isUniqueViolation(error)) return { ok: false, reason: 'taken' }
    throw error
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'P2002'
}
