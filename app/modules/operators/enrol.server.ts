// Setting up the second factor (decision 023): a secret is proposed and kept on the session
// until a code from the app confirms it; then it becomes the operator's, with ten recovery
// codes shown once. Required at login for admin and finance; any operator may do it from
// their account page.
import type { Db } from '../db/client.server.ts'
import { sha256 } from '../auth/tokens.server.ts'
import { auditIn, type AuditActor } from './audit.server.ts'
import type { ConsoleSession } from './session.server.ts'
import { confirmTotp, newTotpSecret, totpEnrolment } from './totp.server.ts'

export const TOTP_ISSUER = 'Operator console'

/** The secret being set up in this session (made on first call). */
export async function pendingSecret(db: Db, session: ConsoleSession): Promise<string> {
  if (session.pendingTotp) return session.pendingTotp
  const secret = await newTotpSecret()
  await db.operatorSession.update({ where: { id: sha256(session.rawId) }, data: { pendingTotp: secret } })
  return secret
}

export async function enrolmentView(db: Db, session: ConsoleSession) {
  return totpEnrolment(await pendingSecret(db, session), session.operator.email, TOTP_ISSUER)
}

/** Confirms the pending secret; the recovery codes to show once, or null for a wrong code. */
export async function finishEnrolment(db: Db, session: ConsoleSession, code: string, actor: AuditActor): Promise<string[] | null> {
  if (!session.pendingTotp) return null
  const result = await confirmTotp(db, session.operator.id, session.pendingTotp, code)
  if (!result.ok) return null
  await db.$transaction(async (tx) => {
    await tx.operatorSession.update({ where: { id: sha256(session.rawId) }, data: { pendingTotp: null } })
    await auditIn(tx, actor, { action: 'operator.totp_enabled', targetType: 'operator', targetId: session.operator.id })
  })
  return result.codes
}
