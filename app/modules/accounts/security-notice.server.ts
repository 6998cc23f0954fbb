// Short notices after a change that a thief would make first (issue #16): the password
// changed, and (to the OLD address) the e-mail address changed. Each says what happened,
// when, and how to get help: a member who did not do it can act before it is too late.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'

async function nameOf(db: Db, scope: Scope, userId: string): Promise<{ email: string; name: string } | null> {
  return withScope(db, scope, async (tx) => {
    const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, select: { email: true, profile: { select: { name: true } } } })
    return user ? { email: user.email, name: user.profile?.name ?? '' } : null
  })
}

/** After a password change: to the account's address, with the way to a new password. */
export async function sendPasswordChangedNotice(mail: MailContext, input: { userId: string; resetLink: string }): Promise<void> {
  const user = await nameOf(mail.db, mail.scope, input.userId)
  if (!user) return
  await sendMail(mail, { to: user.email, kind: 'password_changed', link: input.resetLink, values: { name: user.name, supportEmail: mail.tenant.supportEmail } })
}

/** After an e-mail change: to the address the account had, which no other mail reaches any more. */
export async function sendEmailChangedNotice(mail: MailContext, input: { previousEmail: string; name: string; newEmail: string; helpLink: string }): Promise<void> {
  await sendMail(mail, {
    to: input.previousEmail,
    kind: 'email_changed',
    link: input.helpLink,
    values: { name: input.name, newEmail: maskEmail(input.newEmail), supportEmail: mail.tenant.supportEmail },
  })
}

/** j***@example.com: enough to recognise one's own address, not to hand a thief's to a stranger. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 1)}***@${domain}`
}
