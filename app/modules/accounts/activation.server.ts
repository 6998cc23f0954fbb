// Confirming the e-mail address (SPEC §4): the account stays not_confirmed, with its
// profile hidden, until the single-use link from the activation mail is followed.
import { queuePostbackIn } from '../postbacks/postbacks.server.ts'
import { consumeToken, issueToken, TOKEN_TTL_MS } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { deliverWaitingMessages } from '../chat/conversations.server.ts'
import { notifyIn, wakeNotify } from '../notifications/notify.server.ts'
import { publishMemberEvent } from '../realtime/member-events.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'
import { countLanderEventTx, landerKeyOf } from '../landers/stats.server.ts'

/** A new activation mail at most once a minute per account. */
export const RESEND_INTERVAL_MS = 60_000

export type LinkDeps = MailContext & { link: (path: string) => string; now?: Date }

export function activationPath(token: string): string {
  return `/activate?token=${encodeURIComponent(token)}`
}

/** Never fails the caller: the member can ask for the mail again on /complete-signup. */
export async function sendActivationMail(deps: LinkDeps, input: { to: string; name: string; token: string }): Promise<boolean> {
  try {
    await sendMail(deps, { to: input.to, kind: 'activation', link: deps.link(activationPath(input.token)), values: { name: input.name } })
    return true
  } catch (error) {
    console.error('sendActivationMail: the activation mail could not be sent', error)
    return false
  }
}

export type ActivationResult = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' }

/**
 * Follows the link: the token is looked up inside this site's scope only, so another
 * site's token is simply unknown here. The profile becomes visible with the account.
 */
export async function activateAccount(db: Db, scope: Scope, rawToken: string, now = new Date()): Promise<ActivationResult> {
  const delivered: { senderId: number; recipientId: number; conversationId: number }[] = []
  const result = await withScope(db, scope, async (tx): Promise<ActivationResult> => {
    const consumed = await consumeToken(tx, scope, 'activation', rawToken, now)
    if (!consumed.ok) return consumed
    const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: consumed.userId }, select: { id: true, status: true, tracking: true } })
    // A deleted account is not brought back by an old activation link (reactivation has its own).
    if (!user || user.status === 'deleted') return { ok: false, reason: 'invalid' }
    if (user.status === 'not_confirmed') {
      await tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: user.id, status: 'not_confirmed' }, data: { status: 'active' } })
      await tx.profile.updateMany({ where: { poolId: scope.poolId, userId: user.id, status: 'disabled' }, data: { status: 'active' } })
      // Decision 014: an account that came through a lander counts as that variant's activation.
      const lander = landerKeyOf(user.tracking)
      if (lander) await countLanderEventTx(tx, scope.tenantId, lander, 'activation')
      // Decision 052: and the member's affiliate network hears of it.
      await queuePostbackIn(tx, scope, 'activation', { userId: user.id, eventKey: user.id })
      // SPEC §4: messages written before the confirmation reach their recipients now.
      const profile = await tx.profile.findFirst({ where: { poolId: scope.poolId, userId: user.id }, select: { id: true } })
      if (profile) {
        for (const m of await deliverWaitingMessages(tx, scope, profile.id, now)) {
          delivered.push({ senderId: profile.id, ...m })
          // Mail and push as for any message (decision 016); a fictional profile's operators
          // see it in their inbox instead.
          const recipient = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: m.recipientId }, select: { fictional: true } })
          if (recipient && !recipient.fictional) await notifyIn(tx, { type: 'message', poolId: scope.poolId, to: m.recipientId, from: profile.id, conversation: m.conversationId, first: m.first })
        }
      }
    }
    return { ok: true, userId: user.id }
  })
  // After the commit: the recipients hear of the messages now delivered.
  if (delivered.length > 0) wakeNotify()
  for (const m of delivered) await publishMemberEvent(scope.poolId, m.recipientId, { type: 'message', conversation: m.conversationId, from: m.senderId })
  return result
}

export type ResendResult = { ok: true } | { ok: false; reason: 'notPending' } | { ok: false; reason: 'tooSoon'; seconds: number }

/** 'send again' on /complete-signup: a new link (older ones stop working) and a new mail. */
export async function resendActivation(deps: LinkDeps, userId: string): Promise<ResendResult> {
  const { db, scope } = deps
  const now = deps.now ?? new Date()
  const outcome = await withScope(db, scope, async (tx) => {
    // Serialises concurrent requests of one account, so the minute holds under double clicks.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`
    const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, include: { profile: { select: { name: true } } } })
    if (!user || user.status !== 'not_confirmed') return { result: { ok: false, reason: 'notPending' } as const }
    const last = await tx.token.findFirst({
      where: { tenantId: scope.tenantId, userId, purpose: 'activation' },
      orderBy: { expiresAt: 'desc' },
      select: { expiresAt: true },
    })
    // Issued at = expiry minus the lifetime: the same clock as `now`, also when tests inject one.
    const issuedAt = last ? last.expiresAt.getTime() - TOKEN_TTL_MS.activation : 0
    const wait = issuedAt + RESEND_INTERVAL_MS - now.getTime()
    if (wait > 0) return { result: { ok: false, reason: 'tooSoon', seconds: Math.ceil(wait / 1000) } as const }
    const token = await issueToken(tx, { ...scope, userId, purpose: 'activation', now })
    return { result: { ok: true } as const, mail: { to: user.email, name: user.profile?.name ?? '', token } }
  })
  if (outcome.mail) await sendActivationMail(deps, outcome.mail)
  return outcome.result
}
