// Login, logout and the member as the JSON API shows it. The login form and POST /api/user
// share logIn, so both count attempts in the same limits and answer alike.
import { GRACE_MS } from './deletion-rules.ts'
import { entryWarningCookie } from '../site/entry-warning.ts'
import { secureCookies } from '../config/env.server.ts'
import { deviceCookie, knownDeviceOf } from '../auth/known-device.server.ts'
import { clearSessionCookie, createSession, destroySession, readSessionId, sessionCookie, type Member } from '../auth/session.server.ts'
import { verifyPassword } from '../auth/password.server.ts'
import type { Db } from '../db/client.server.ts'
import { readScoped, withScope, type Reader, type Scope } from '../db/scoped.server.ts'
import { localeCookie } from '../i18n/locale.server.ts'
import { block, consumeAll, forget, refund } from '../limits/limiter.server.ts'
import { retryMinutes } from '../limits/answer.server.ts'
import type { LimitName } from '../limits/rules.ts'
import { normalizeEmail } from './fields.ts'

export type LoginResult =
  | { ok: true; userId: string; sessionId: string; locale: string | null; passwordHash: string }
  | { ok: false; reason: 'failed' }
  /** The right password of a banned account (console /members): no session, the ban page named. */
  | { ok: false; reason: 'banned' }
  /** The right password of an account deleted less than GRACE_DAYS ago: it can be reactivated. */
  | { ok: false; reason: 'deleted'; until: Date }
  | { ok: false; reason: 'locked'; minutes: number; retryAfter: number }

export type LoginDeps = { db: Db; scope: Scope }

export type LoginInput = {
  email: string
  password: string
  /** The client's IP (context.clientIp): the key of the per-IP limits. */
  ip: string
  /** The request's Cookie header: the known-device cookie, if any, is read from it. */
  cookieHeader?: string | null
  userAgent?: string | null
  /** The raw session id the request came with, if any: that row is ended (rotation). */
  previousSessionId?: string | null
  now?: Date
}

type Bucket = readonly [LimitName, string]

/** The buckets a login attempt uses (docs/decisions/009-abuse-limits.md). */
export function loginBuckets(tenantId: string, email: string, ip: string, device: { userId: string; id: string } | null): Bucket[] {
  if (device) return [['login_device', `${tenantId}:${device.userId}:${device.id}`]]
  const address = ip || 'unknown'
  return [
    ['login_ip', address],
    ['login_account_ip', `${tenantId}:${email}:${address}`],
    ['login_account', `${tenantId}:${email}`],
  ]
}

const locked = (retryAfter: number) => ({ ok: false as const, reason: 'locked' as const, minutes: retryMinutes(retryAfter), retryAfter })

/**
 * Checks e-mail and password on this site. Unknown e-mails, deleted accounts and wrong
 * passwords give the same result and cost the same time. The attempt is reserved in every
 * limit before the password is looked at (so parallel guesses all count) and given back
 * when it was right; while any limit refuses, the password is not even checked.
 */
export async function logIn({ db, scope }: LoginDeps, input: LoginInput): Promise<LoginResult> {
  const now = input.now ?? new Date()
  const key = normalizeEmail(input.email)
  const user = await withScope(db, scope, (tx) =>
    tx.user.findUnique({
      where: { poolId_tenantId_email: { poolId: scope.poolId, tenantId: scope.tenantId, email: key } },
      select: { id: true, passwordHash: true, status: true, locale: true, bannedAt: true, deletedAt: true },
    }),
  )
  const usable = user && user.status !== 'deleted' ? user : null
  const deviceId = usable ? knownDeviceOf(input.cookieHeader, { tenantId: scope.tenantId, userId: usable.id, passwordHash: usable.passwordHash }) : null
  const buckets = loginBuckets(scope.tenantId, key, input.ip, usable && deviceId ? { userId: usable.id, id: deviceId } : null)
  const reserved = await consumeAll(buckets)
  if (!reserved.ok) return locked(reserved.retryAfter)

  // A deleted account still within its grace period: only its right password says so (and
  // costs the same time as any other attempt), so nobody learns of an address by guessing.
  const reactivable = user && user.status === 'deleted' && user.deletedAt && now.getTime() - user.deletedAt.getTime() < GRACE_MS ? user : null
  if (reactivable?.passwordHash && (await verifyPassword(reactivable.passwordHash, input.password))) {
    return { ok: false, reason: 'deleted', until: new Date(reactivable.deletedAt!.getTime() + GRACE_MS) }
  }

  // verifyPassword(null, ...) hashes against a dummy, so a missing account takes as long.
  const valid = await verifyPassword(usable?.passwordHash ?? null, input.password)
  if (!usable || !valid || !usable.passwordHash) {
    // This wrong password used a limit's last attempt: the lock starts now (SPEC §8 says so
    // at the fifth wrong password already, not at the sixth try).
    const spent = buckets.filter(([name]) => reserved.exhausted.includes(name))
    if (spent.length === 0) return { ok: false, reason: 'failed' }
    const waits = await Promise.all(spent.map(([name, k]) => block(name, k)))
    return locked(Math.max(...waits))
  }

  // A banned account learns it is banned only with its right password (a stranger learns nothing).
  if (usable.bannedAt) return { ok: false, reason: 'banned' }

  // Right: the reservation is given back, and this key's failures are forgotten.
  await Promise.all(buckets.map(([name, k]) => (name === 'login_account_ip' || name === 'login_device' ? forget(name, k) : refund(name, k))))
  const sessionId = await withScope(db, scope, async (tx) => {
    if (input.previousSessionId) await destroySession(tx, input.previousSessionId)
    await tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: usable.id } }, data: { lastLoginAt: now } })
    return createSession(tx, { ...scope, userId: usable.id, userAgent: input.userAgent, now })
  })
  return { ok: true, userId: usable.id, sessionId, locale: usable.locale, passwordHash: usable.passwordHash }
}

/** After a proven owner (a successful password reset): the account's lockouts are lifted. */
export async function forgetLoginFailures(tenantId: string, email: string, ip: string): Promise<void> {
  const [, accountIp, account] = loginBuckets(tenantId, normalizeEmail(email), ip, null)
  await Promise.all([forget(...accountIp!), forget(...account!)])
}

/** Ends the session of the request's cookie (if any); returns the Set-Cookie that clears it. */
export async function logOut(db: Db, scope: Scope, cookieHeader: string | null | undefined): Promise<string> {
  const raw = readSessionId(cookieHeader)
  if (raw) await withScope(db, scope, (tx) => destroySession(tx, raw))
  return clearSessionCookie()
}

/**
 * The Set-Cookie headers after a successful login: the session, this browser as the member's
 * known device, and the member's saved language.
 */
export async function loginCookies(
  result: { sessionId: string; locale: string | null; userId: string; passwordHash: string },
  offered: readonly string[],
  tenantId: string,
): Promise<string[]> {
  // The member passed the 18+ entry warning when the account was made: this device is not asked again.
  const cookies = [sessionCookie(result.sessionId), deviceCookie({ tenantId, userId: result.userId, passwordHash: result.passwordHash }), entryWarningCookie(secureCookies())]
  if (result.locale && offered.includes(result.locale)) cookies.push(await localeCookie.serialize(result.locale))
  return cookies
}

/** SPEC §3's main_image: the profile's main photo (null when none); status `active` means visible. */
export type MainImageJson = { filename: string; thumb_filename: string; status: string } | null

export type UserJson = {
  id: string
  email: string
  status: Member['status']
  credits: number
  paid_user: boolean
  signup_date: string
  /** The site's mark for fictional profiles (SPEC §3 settings.fictional_icon). */
  fictional_icon: string
  /** Why e-mail is off (bounce, fbl, listunsubscribe); empty when it is on. */
  notifications_disabled: string[]
  profile: { id: number; name: string; main_image: MainImageJson } | null
}

/** The profile's main photo for the JSON user (one query). */
export async function mainImageOf(reader: Reader, scope: Scope, profileId: number): Promise<MainImageJson> {
  const photo = await readScoped(reader, scope, (tx) =>
    tx.photo.findFirst({ where: { poolId: scope.poolId, profileId, isMain: true, status: { not: 'rejected' } }, select: { filename: true, thumbFilename: true, status: true } }),
  )
  return photo ? { filename: photo.filename, thumb_filename: photo.thumbFilename, status: photo.status } : null
}

/** SPEC §3 field names for the user record of GET/POST /api/user. Never a hash or session id. */
export function userJson(member: Member, extra: { fictionalIcon: string; mainImage: MainImageJson }): UserJson {
  return {
    id: member.userId,
    email: member.email,
    status: member.status,
    credits: member.credits,
    paid_user: member.paidUser,
    signup_date: member.signupDate.toISOString(),
    fictional_icon: extra.fictionalIcon,
    notifications_disabled: member.notifications.disabled,
    profile: member.profile ? { id: member.profile.id, name: member.profile.name, main_image: extra.mainImage } : null,
  }
}

/** Saves the member's language; false when this site does not offer it. */
export async function saveLanguage(db: Db, scope: Scope, userId: string, language: string, offered: readonly string[]): Promise<boolean> {
  if (!offered.includes(language)) return false
  await withScope(db, scope, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId } }, data: { locale: language } }))
  return true
}
