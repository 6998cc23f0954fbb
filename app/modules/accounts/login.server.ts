// Login, logout and the member as the JSON API shows it. The login form and POST /api/user
// share logIn, so both count failures in the same throttle and answer alike.
import { clearSessionCookie, createSession, destroySession, readSessionId, sessionCookie, type Member } from '../auth/session.server.ts'
import { verifyPassword } from '../auth/password.server.ts'
import type { LoginThrottle } from '../auth/throttle.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { localeCookie } from '../i18n/locale.server.ts'
import { normalizeEmail } from './fields.ts'

export type LoginResult =
  | { ok: true; userId: string; sessionId: string; locale: string | null }
  | { ok: false; reason: 'failed' }
  | { ok: false; reason: 'locked'; minutes: number }

export type LoginDeps = { db: Db; scope: Scope; throttle: LoginThrottle }

export type LoginInput = {
  email: string
  password: string
  userAgent?: string | null
  /** The raw session id the request came with, if any: that row is ended (rotation). */
  previousSessionId?: string | null
  now?: Date
}

/**
 * Checks e-mail and password on this site. Unknown e-mails, deleted accounts and wrong
 * passwords give the same result and cost the same time; while the key is locked the
 * password is not even looked at.
 */
export async function logIn({ db, scope, throttle }: LoginDeps, input: LoginInput): Promise<LoginResult> {
  const now = input.now ?? new Date()
  const key = normalizeEmail(input.email)
  const state = await throttle.check(key, now)
  if (state.locked) return { ok: false, reason: 'locked', minutes: state.minutes }

  const user = await withScope(db, scope, (tx) =>
    tx.user.findUnique({
      where: { tenantId_email: { tenantId: scope.tenantId, email: key } },
      select: { id: true, passwordHash: true, status: true, locale: true },
    }),
  )
  const usable = user && user.status !== 'deleted' ? user : null
  // verifyPassword(null, ...) hashes against a dummy, so a missing account takes as long.
  const valid = await verifyPassword(usable?.passwordHash ?? null, input.password)
  if (!usable || !valid) {
    const after = await throttle.fail(key, now)
    return after.locked ? { ok: false, reason: 'locked', minutes: after.minutes } : { ok: false, reason: 'failed' }
  }

  await throttle.reset(key)
  const sessionId = await withScope(db, scope, async (tx) => {
    if (input.previousSessionId) await destroySession(tx, input.previousSessionId)
    await tx.user.update({ where: { id: usable.id }, data: { lastLoginAt: now } })
    return createSession(tx, { tenantId: scope.tenantId, userId: usable.id, userAgent: input.userAgent, now })
  })
  return { ok: true, userId: usable.id, sessionId, locale: usable.locale }
}

/** Ends the session of the request's cookie (if any); returns the Set-Cookie that clears it. */
export async function logOut(db: Db, scope: Scope, cookieHeader: string | null | undefined): Promise<string> {
  const raw = readSessionId(cookieHeader)
  if (raw) await withScope(db, scope, (tx) => destroySession(tx, raw))
  return clearSessionCookie()
}

/** The Set-Cookie headers after a successful login: the session, and the member's saved language. */
export async function loginCookies(result: { sessionId: string; locale: string | null }, offered: readonly string[]): Promise<string[]> {
  const cookies = [sessionCookie(result.sessionId)]
  if (result.locale && offered.includes(result.locale)) cookies.push(await localeCookie.serialize(result.locale))
  return cookies
}

export type UserJson = {
  id: string
  email: string
  status: Member['status']
  credits: number
  paid_user: boolean
  signup_date: string
  profile: { id: number; name: string } | null
}

/** SPEC §3 field names for the user record of GET/POST /api/user. Never a hash or session id. */
export function userJson(member: Member): UserJson {
  return {
    id: member.userId,
    email: member.email,
    status: member.status,
    credits: member.credits,
    paid_user: member.paidUser,
    signup_date: member.signupDate.toISOString(),
    profile: member.profile ? { id: member.profile.id, name: member.profile.name } : null,
  }
}

/** Saves the member's language; false when this site does not offer it. */
export async function saveLanguage(db: Db, scope: Scope, userId: string, language: string, offered: readonly string[]): Promise<boolean> {
  if (!offered.includes(language)) return false
  await withScope(db, scope, (tx) => tx.user.update({ where: { id: userId }, data: { locale: language } }))
  return true
}
