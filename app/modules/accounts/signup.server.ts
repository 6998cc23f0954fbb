// Account creation at signup step 2 (SPEC §2-§6). One transaction creates the user (not
// confirmed, with the hidden signup credits and the traffic source), the profile (hidden
// until the e-mail is confirmed), the activation token and the first session; the
// activation mail goes out after the commit, so a rolled-back signup never mails anyone.
import { parseWithZod } from '@conform-to/zod/v4'
import type { Gender, Sexuality } from '~/generated/prisma/client.ts'
import { hashPassword } from '../auth/password.server.ts'
import { createSession } from '../auth/session.server.ts'
import { issueToken } from '../auth/tokens.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { sendMessage } from '../chat/send.server.ts'
import { queuePostbackIn } from '../postbacks/postbacks.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'
import { GRACE_MS } from './deletion.server.ts'
import { honeypotFilled } from '../http/honeypot.ts'
import { retryMinutes } from '../limits/answer.server.ts'
import { consume, consumeAll } from '../limits/limiter.server.ts'
import { normalizeEmail } from './fields.ts'
import {
  MEMBER_STEPS,
  Step2Schema,
  Step4Schema,
  parseStep,
  readDraft,
  step0Schema,
  step1Schema,
  type SignupActionData,
  type SignupRules,
  type Tracking,
} from './signup-schema.ts'
import { sendActivationMail } from './activation.server.ts'
import { signupAllowed } from './tracking.server.ts'
import { countLanderEventTx, sourceOf } from '../landers/stats.server.ts'

export type SignupDeps = MailContext & {
  /** Absolute link on the member's own host (siteLink bound to the request). */
  link: (path: string) => string
  now?: Date
}

export type NewAccount = {
  gender: Gender
  sexuality: Sexuality
  birthDate: Date
  country: string
  region?: string | null
  /** Free text (step 1), optional. */
  city?: string | null
  name: string
  email: string
  password: string
  tracking: Tracking | null
  /** The lander (and A/B variant) the visitor came through: stored with the tracking data and counted. */
  lander?: { lander: string; variant: string } | null
  locale: string
  userAgent?: string | null
}

export type CreateAccountResult =
  | { ok: true; userId: string; profileId: number; sessionId: string }
  /** An account of this site uses the address: login prompt (and a mail to the owner). */
  | { ok: false; reason: 'emailTaken' }
  /** A deleted account in its grace period uses it: a reactivation link was mailed instead. */
  | { ok: false; reason: 'reactivationSent' }
  /** A deleted account past its grace period, not purged yet: the address frees up shortly. */
  | { ok: false; reason: 'emailPendingDeletion' }
  /** SPEC §6: this site takes signups only with a traffic source (or none at all). */
  | { ok: false; reason: 'inviteOnly' }

/** Postgres unique violation as Prisma reports it: two signups with one address at once. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'P2002'
}

/** One reactivation mail a minute per account, however often the address is tried. */
export const REACTIVATION_MAIL_INTERVAL_MS = 60_000

type Existing = { kind: 'taken'; email: string } | { kind: 'reactivate'; email: string; name: string; token: string | null } | { kind: 'pending' }

export async function createAccount(deps: SignupDeps, input: NewAccount): Promise<CreateAccountResult> {
  const { db, scope, tenant } = deps
  const now = deps.now ?? new Date()
  // Checked here too, not only by the route: no path creates an account the mode forbids.
  if (!signupAllowed(tenant.signups, input.tracking)) return { ok: false, reason: 'inviteOnly' }
  const email = normalizeEmail(input.email)
  // Hashed first (slow on purpose), outside the transaction, and for taken addresses too.
  const passwordHash = await hashPassword(input.password)

  let outcome: { created: { userId: string; profileId: number; sessionId: string; token: string } } | { existing: Existing }
  try {
    outcome = await withScope(db, scope, async (tx) => {
      const existing = await tx.user.findUnique({
        where: { poolId_tenantId_email: { poolId: scope.poolId, tenantId: scope.tenantId, email } },
        include: { profile: { select: { name: true } } },
      })
      if (existing) {
        if (existing.status !== 'deleted') return { existing: { kind: 'taken', email } as const }
        const graceLeft = existing.deletedAt ? existing.deletedAt.getTime() + GRACE_MS - now.getTime() : 0
        if (graceLeft <= 0) return { existing: { kind: 'pending' } as const }
        const recent = await tx.token.findFirst({
          where: { tenantId: scope.tenantId, userId: existing.id, purpose: 'reactivation', usedAt: null, createdAt: { gt: new Date(Date.now() - REACTIVATION_MAIL_INTERVAL_MS) } },
          select: { id: true },
        })
        const token = recent ? null : await issueToken(tx, { ...scope, userId: existing.id, purpose: 'reactivation', now, ttlMs: graceLeft })
        return { existing: { kind: 'reactivate', email, name: existing.profile?.name ?? '', token } as const }
      }
      const user = await tx.user.create({
        data: {
          poolId: scope.poolId,
          tenantId: scope.tenantId,
          email,
          passwordHash,
          status: 'not_confirmed',
          tracking: input.lander ? { ...input.tracking, ...input.lander } : (input.tracking ?? undefined),
          locale: input.locale,
          signupDate: now,
        },
      })
      // Decision 052: the member's affiliate network hears of the signup (once, by the job).
      await queuePostbackIn(tx, scope, 'signup', { userId: user.id, eventKey: user.id })
      // SPEC §1/§3: granted at signup, never shown; on the ledger like every credit change.
      if (tenant.credits.signup > 0) {
        await changeCredits(tx, scope, { userId: user.id, delta: tenant.credits.signup, reason: 'signup_grant', reference: user.id })
      }
      // Hidden ('disabled') until the e-mail is confirmed; activation makes it 'active'. So
      // nobody finds, likes or writes to an address that may be mistyped or not the member's,
      // and SPEC §2's activation reminder (not_confirmed + profile disabled) holds.
      const profile = await tx.profile.create({
        data: {
          poolId: scope.poolId,
          tenantId: scope.tenantId,
          userId: user.id,
          name: input.name.trim(),
          gender: input.gender,
          sexuality: input.sexuality,
          birthDate: input.birthDate,
          country: input.country,
          region: input.region || null,
          city: input.city?.trim() || null,
          status: 'disabled',
          invisible: false,
          lastActiveAt: now,
        },
      })
      // Decision 014: a lander signup counts for its variant and traffic source.
      if (input.lander) await countLanderEventTx(tx, scope.tenantId, { ...input.lander, source: sourceOf(input.tracking) }, 'signup')
      const token = await issueToken(tx, { ...scope, userId: user.id, purpose: 'activation', now })
      const sessionId = await createSession(tx, { ...scope, userId: user.id, userAgent: input.userAgent, now })
      return { created: { userId: user.id, profileId: profile.id, sessionId, token } }
    })
  } catch (error) {
    // The other signup with this address won the race: the same answer as a taken address.
    if (isUniqueViolation(error)) return { ok: false, reason: 'emailTaken' }
    throw error
  }

  if ('created' in outcome) {
    const { userId, profileId, sessionId, token } = outcome.created
    await sendActivationMail(deps, { to: email, name: input.name.trim(), token })
    return { ok: true, userId, profileId, sessionId }
  }
  const existing = outcome.existing
  if (existing.kind === 'pending') return { ok: false, reason: 'emailPendingDeletion' }
  try {
    if (existing.kind === 'taken') {
      // At most one a while per address, however often someone signs up with it.
      if ((await consume('existing_account_mail', `${scope.tenantId}:${existing.email}`)).ok) {
        await sendMail(deps, { to: existing.email, kind: 'existing_account', link: deps.link('/login') })
      }
      return { ok: false, reason: 'emailTaken' }
    }
    if (existing.token) await sendMail(deps, { to: existing.email, kind: 'reactivation', link: deps.link(`/reactivate?token=${existing.token}`), values: { name: existing.name } })
  } catch (error) {
    console.error('createAccount: a mail to an existing account could not be sent', error)
  }
  return { ok: false, reason: existing.kind === 'taken' ? 'emailTaken' : 'reactivationSent' }
}

/**
 * The first message of a signup through a profile. The account exists by now; the message
 * is charged like any other (the hidden signup grant pays for it: SPEC §1's free messages)
 * and waits for activation. A refusal (the member went invisible meanwhile, no grant on
 * this site) loses the signup nothing: the new member can write again later.
 */
async function sendSignupMessage(deps: SignupDeps, account: { userId: string; profileId: number }, recipientId: number, body: string, locale: string): Promise<void> {
  const { db, scope, tenant } = deps
  const sent = await sendMessage(db, scope, {
    sender: { userId: account.userId, profileId: account.profileId, paidUser: false },
    recipientId,
    body,
    cost: tenant.credits.message,
    maxLength: tenant.messageLength,
    language: locale,
    hold: tenant.holdMessages,
  })
  if (!sent.ok) console.warn(`signup message to ${recipientId} not sent: ${sent.reason}`)
}

/** Step 4: the optional "about me" text (already validated by Step4Schema). */
export async function saveAbout(deps: Pick<SignupDeps, 'db' | 'scope'>, userId: string, about: string | undefined): Promise<void> {
  const { db, scope } = deps
  await withScope(db, scope, (tx) => tx.profile.updateMany({ where: { poolId: scope.poolId, userId }, data: { about: about?.trim() || null } }))
}

/** How long after account creation /signup still shows steps 3-4 to the logged-in member. */
export const SIGNUP_CONTINUE_MS = 24 * 3600_000

export function canContinueSignup(member: { signupDate: Date; status: string } | null, now = new Date()): boolean {
  return Boolean(member && member.status !== 'deleted' && now.getTime() - member.signupDate.getTime() < SIGNUP_CONTINUE_MS)
}

export type StepOutcome =
  | { kind: 'data'; status: number; data: SignupActionData; sessionId?: string; retryAfter?: number }
  | { kind: 'redirect'; to: string; sessionId?: string }

export type StepInput = {
  formData: FormData
  /** The logged-in member (steps 3 and 4 need one, steps 0-2 must not have one). */
  member: { userId: string } | null
  tracking: Tracking | null
  lander?: { lander: string; variant: string } | null
  locale: string
  userAgent: string | null
  /** The client's IP: the key of the signup limits. */
  ip: string
  /**
   * The browser's signed visitor-device id (decision 055), or null when the request showed
   * no valid one: then only the IP and domain limits count it.
   */
  device: string | null
  /**
   * A signup through a profile (/members/{id}/signup, SPEC §1): step 0 takes the first
   * message to this member, sent once the account exists (paid from the hidden signup
   * credits, delivered on activation like every message of a not_confirmed member).
   */
  message?: { recipientId: number; maxLength: number }
}

const HIDE = { hideFields: ['password'] }

/**
 * One posted signup step, the same for the page (a multi-page form without JavaScript) and
 * the desktop modal (a fetcher): earlier steps' carried values are validated again, the
 * posted step is validated, and the answer is the next step or the same step with errors.
 */
export async function submitSignupStep(deps: SignupDeps, input: StepInput): Promise<StepOutcome> {
  const { tenant } = deps
  const { formData, member } = input
  const step = parseStep(formData.get('step')) ?? 0
  const draft = readDraft(formData)
  const modal = formData.get('modal') === '1'

  if (MEMBER_STEPS.includes(step)) {
    if (!member) return { kind: 'redirect', to: `/login?redirectTo=${encodeURIComponent(`/signup?step=${step}`)}` }
    if (step === 3) return { kind: 'data', status: 200, data: { step: 4, draft: {} } }
    const submission = parseWithZod(formData, { schema: Step4Schema })
    if (submission.status !== 'success') return { kind: 'data', status: 400, data: { step: 4, draft: {}, result: submission.reply() } }
    await saveAbout(deps, member.userId, submission.value.about)
    return { kind: 'redirect', to: '/complete-signup' }
  }

  if (member) return { kind: 'redirect', to: '/members' }
  // The honeypot was filled: a bot. Nothing is created or sent; the step stays as it was.
  if (honeypotFilled(formData)) return { kind: 'data', status: 400, data: { step, draft, notice: 'refused' } }
  if (!signupAllowed(tenant.signups, input.tracking)) return { kind: 'data', status: 403, data: { step, draft, notice: 'inviteOnly' } }
  if (formData.get('intent') === 'back' && step > 0) return { kind: 'data', status: 200, data: { step: step === 2 ? 1 : 0, draft } }

  const rules: SignupRules = { minimumAge: tenant.minimumAge, countries: tenant.countries, today: () => deps.now ?? new Date() }
  const about = parseWithZod(formData, { schema: step0Schema(input.message) })
  if (about.status !== 'success') return { kind: 'data', status: 400, data: { step: 0, draft, result: about.reply(HIDE) } }
  if (step === 0) return { kind: 'data', status: 200, data: { step: 1, draft } }
  const place = parseWithZod(formData, { schema: step1Schema(rules) })
  if (place.status !== 'success') return { kind: 'data', status: 400, data: { step: 1, draft, result: place.reply(HIDE) } }
  if (step === 1) return { kind: 'data', status: 200, data: { step: 2, draft } }

  const account = parseWithZod(formData, { schema: Step2Schema })
  if (account.status !== 'success') return { kind: 'data', status: 400, data: { step: 2, draft, result: account.reply(HIDE) } }
  const ip = input.ip || 'unknown'
  const domain = account.value.email.trim().toLowerCase().split('@').pop() ?? ''
  // Reserved before the account is made, as every limit here (decision 045, 055).
  // A post without a valid device cookie is held by the IP ceilings alone: counting it per IP
  // under the device rule would wall off a shared address again (decision 055).
  const allowed = await consumeAll([
    ['signup_ip', ip],
    ['signup_ip_day', ip],
    ['signup_domain', `${tenant.slug}:${domain}`],
    ...(input.device ? [['signup_device', `${tenant.slug}:device:${input.device}`] as const] : []),
  ])
  if (!allowed.ok) {
    // What was typed stays (but the password); the text names the minutes, or for this
    // browser's own (day-long) limit, that it can try again tomorrow.
    const limited = allowed.exhausted.includes('signup_device')
      ? deps.t('errors.deviceLimit', { ns: 'signup' })
      : deps.t('limits.tooMany', { ns: 'common', minutes: retryMinutes(allowed.retryAfter) })
    return { kind: 'data', status: 429, retryAfter: allowed.retryAfter, data: { step: 2, draft, limited, result: account.reply(HIDE) } }
  }
  const created = await createAccount(deps, {
    ...about.value,
    ...place.value,
    ...account.value,
    tracking: input.tracking,
    lander: input.lander,
    locale: input.locale,
    userAgent: input.userAgent,
  })
  if (created.ok) {
    const value = about.value as { signupMessage?: unknown }
    const body = typeof value.signupMessage === 'string' ? value.signupMessage : null
    if (input.message && body) await sendSignupMessage(deps, created, input.message.recipientId, body, input.locale)
    // The page moves on with a redirect (a reload cannot post the account twice); the modal
    // stays open, so it gets the next step as data.
    return modal
      ? { kind: 'data', status: 200, data: { step: 3, draft: {} }, sessionId: created.sessionId }
      : { kind: 'redirect', to: '/signup?step=3', sessionId: created.sessionId }
  }
  switch (created.reason) {
    case 'inviteOnly':
      return { kind: 'data', status: 403, data: { step, draft, notice: 'inviteOnly' } }
    case 'reactivationSent':
      return { kind: 'data', status: 200, data: { step: 2, draft, notice: 'reactivationSent', result: account.reply(HIDE) } }
    case 'emailTaken':
    case 'emailPendingDeletion': {
      const key = created.reason === 'emailTaken' ? 'validation.emailTaken' : 'signup:errors.emailPendingDeletion'
      return { kind: 'data', status: 400, data: { step: 2, draft, result: account.reply({ ...HIDE, fieldErrors: { email: [key] } }) } }
    }
  }
}
