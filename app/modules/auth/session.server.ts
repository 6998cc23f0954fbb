// Sessions live in the database; the cookie carries only a random id (its SHA-256 is the
// row's key). httpOnly, SameSite=Lax, host-only, 30 days, Secure outside development.
import { randomBytes } from 'node:crypto'
import { secureCookies } from '../config/env.server.ts'
import { readScoped, withScope, type Reader, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import type { Db } from '../db/client.server.ts'
import { sha256 } from './tokens.server.ts'

export const SESSION_COOKIE = 'sid'
export const SESSION_MAX_AGE_S = 30 * 24 * 3600
/** How stale Profile.lastActiveAt may get while the member is active: one write per this. */
export const ACTIVE_TOUCH_MS = 5 * 60_000

export function sessionCookie(rawId: string): string {
  return [`${SESSION_COOKIE}=${rawId}`, 'Path=/', `Max-Age=${SESSION_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax', ...(secureCookies() ? ['Secure'] : [])].join('; ')
}

export function clearSessionCookie(): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax', ...(secureCookies() ? ['Secure'] : [])].join('; ')
}

export function readSessionId(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === SESSION_COOKIE) {
      const value = rest.join('=')
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null
    }
  }
  return null
}

/** Creates a session row and returns the raw id for the cookie. */
export async function createSession(tx: ScopedTx, input: { tenantId: string; poolId: string; userId: string; userAgent?: string | null; now?: Date }): Promise<string> {
  const raw = randomBytes(32).toString('base64url')
  const now = input.now ?? new Date()
  await tx.session.create({
    data: {
      id: sha256(raw),
      poolId: input.poolId,
      tenantId: input.tenantId,
      userId: input.userId,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_S * 1000),
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    },
  })
  return raw
}

export async function destroySession(tx: ScopedTx, rawId: string): Promise<void> {
  await tx.session.deleteMany({ where: { id: sha256(rawId) } })
}

/** Ends every session of the user except (optionally) the one in use. */
export async function destroyOtherSessions(tx: ScopedTx, tenantId: string, userId: string, keepRawId?: string | null): Promise<void> {
  await tx.session.deleteMany({ where: { tenantId, userId, ...(keepRawId ? { NOT: { id: sha256(keepRawId) } } : {}) } })
}

export type Member = {
  sessionId: string
  userId: string
  email: string
  status: 'not_confirmed' | 'active' | 'deleted'
  credits: number
  paidUser: boolean
  signupDate: Date
  /** Notification state for the alerts (SPEC §2, §3): reasons e-mail is off, alert dismissals. */
  notifications: { disabled: string[]; pushAlertDismissedAt: Date | null; disabledAlertDismissedAt: Date | null }
  profile: {
    id: number
    name: string
    invisible: boolean
    status: string
    thumbFilename: string | null
    /** Photos waiting for the operator's review: the member has one, others do not see it yet. */
    photosInInspection: number
    /** A moderator's warning not yet shown (decision 053): the layout shows it until confirmed. */
    warning?: { id: number; reason: string } | null
  } | null
}

type SessionRow = {
  id: string
  tenantId: string
  expiresAt: Date
  lastSeenAt: Date
  userId: string
  email: string
  status: Member['status']
  bannedAt: Date | null
  credits: number
  paidUser: boolean
  signupDate: Date
  notificationsDisabled: string[] | null
  pushAlertDismissedAt: Date | null
  disabledAlertDismissedAt: Date | null
  profileId: number | null
  name: string | null
  invisible: boolean | null
  profileStatus: string | null
  lastActiveAt: Date | null
  thumbFilename: string | null
  photosInInspection: number | null
  warningId: number | null
  warningReason: string | null
}

/** The member behind the request's session cookie on this site, or null. */
export async function loadMember(db: Db, scope: Scope, cookieHeader: string | null | undefined, now = new Date(), reader: Reader = db): Promise<Member | null> {
  const rawId = readSessionId(cookieHeader)
  if (!rawId) return null
  const found = await readScoped(reader, scope, async (tx) => {
    // One statement for the session, its account, the profile, its main thumbnail and its
    // photos under review (the nested include took five), on every request of a logged-in member.
    const [session] = await tx.$queryRaw<SessionRow[]>`
      SELECT s."id", s."tenantId", s."expiresAt", s."lastSeenAt",
             u."id" AS "userId", u."email", u."status"::text AS "status", u."bannedAt", u."credits", u."paidUser", u."signupDate",
             u."notificationsDisabled", u."pushAlertDismissedAt", u."disabledAlertDismissedAt",
             p."id" AS "profileId", p."name", p."invisible", p."status"::text AS "profileStatus", p."lastActiveAt",
             (SELECT ph."thumbFilename" FROM "Photo" ph
               WHERE ph."poolId" = p."poolId" AND ph."profileId" = p."id" AND ph."isMain" AND ph."status" = 'active'
               ORDER BY ph."id" LIMIT 1) AS "thumbFilename",
             (SELECT count(*)::int FROM "Photo" ph
               WHERE ph."poolId" = p."poolId" AND ph."profileId" = p."id" AND ph."status" = 'inspection') AS "photosInInspection",
             w."id" AS "warningId", w."reason"::text AS "warningReason"
        FROM "Session" s
        JOIN "User" u ON u."id" = s."userId"
        LEFT JOIN "Profile" p ON p."userId" = u."id" AND p."poolId" = ${scope.poolId}
        LEFT JOIN LATERAL (SELECT mw."id", mw."reason" FROM "MemberWarning" mw
               WHERE mw."poolId" = p."poolId" AND mw."profileId" = p."id" AND mw."seenAt" IS NULL
               ORDER BY mw."id" LIMIT 1) w ON true
       WHERE s."id" = ${sha256(rawId)}`
    if (!session || session.tenantId !== scope.tenantId || session.expiresAt <= now || session.status === 'deleted' || session.bannedAt) return null
    const member: Member = {
      sessionId: rawId,
      userId: session.userId,
      email: session.email,
      status: session.status,
      credits: session.credits,
      paidUser: session.paidUser,
      signupDate: session.signupDate,
      notifications: { disabled: session.notificationsDisabled ?? [], pushAlertDismissedAt: session.pushAlertDismissedAt, disabledAlertDismissedAt: session.disabledAlertDismissedAt },
      profile:
        session.profileId !== null
          ? { id: session.profileId, name: session.name!, invisible: session.invisible!, status: session.profileStatus!, thumbFilename: session.thumbFilename, photosInInspection: session.photosInInspection ?? 0, warning: session.warningId !== null ? { id: session.warningId, reason: session.warningReason ?? 'other' } : null }
          : null,
    }
    // Touch the session at most once an hour: a write per request would cost more than it
    // tells. "Recently active" (search order, showcase): at most one write per
    // ACTIVE_TOUCH_MS, read from the row this lookup loads anyway.
    const staleSession = now.getTime() - session.lastSeenAt.getTime() > 3600_000 ? session.id : null
    const staleActivity = session.profileId !== null && session.lastActiveAt && now.getTime() - session.lastActiveAt.getTime() > ACTIVE_TOUCH_MS ? session.profileId : null
    return { member, staleSession, staleActivity }
  })
  if (!found) return null
  // The touches are writes of their own, outside the (possibly shared, read-only) lookup.
  const { staleSession, staleActivity } = found
  if (staleSession !== null || staleActivity !== null) {
    await withScope(db, scope, async (tx) => {
      if (staleSession !== null) await tx.session.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: staleSession } }, data: { lastSeenAt: now } })
      if (staleActivity !== null) {
        await tx.profile.updateMany({ where: { id: staleActivity, poolId: scope.poolId, lastActiveAt: { lt: new Date(now.getTime() - ACTIVE_TOUCH_MS) } }, data: { lastActiveAt: now } })
      }
    })
  }
  return found.member
}
