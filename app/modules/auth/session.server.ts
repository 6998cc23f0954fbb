// Sessions live in the database; the cookie carries only a random id (its SHA-256 is the
// row's key). httpOnly, SameSite=Lax, host-only, 30 days, Secure outside development.
import { randomBytes } from 'node:crypto'
import { secureCookies } from '../config/env.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import type { Db } from '../db/client.server.ts'
import { sha256 } from './tokens.server.ts'

export const SESSION_COOKIE = 'sid'
export const SESSION_MAX_AGE_S = 30 * 24 * 3600

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
export async function createSession(tx: ScopedTx, input: { tenantId: string; userId: string; userAgent?: string | null; now?: Date }): Promise<string> {
  const raw = randomBytes(32).toString('base64url')
  const now = input.now ?? new Date()
  await tx.session.create({
    data: {
      id: sha256(raw),
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
  profile: {
    id: number
    name: string
    invisible: boolean
    status: string
    thumbFilename: string | null
    /** Photos waiting for the operator's review: the member has one, others do not see it yet. */
    photosInInspection: number
  } | null
}

/** The member behind the request's session cookie on this site, or null. */
export async function loadMember(db: Db, scope: Scope, cookieHeader: string | null | undefined, now = new Date()): Promise<Member | null> {
  const rawId = readSessionId(cookieHeader)
  if (!rawId) return null
  return withScope(db, scope, async (tx) => {
    const session = await tx.session.findUnique({
      where: { id: sha256(rawId) },
      include: {
        user: {
          include: {
            profile: {
              select: {
                id: true, name: true, invisible: true, status: true,
                photos: { where: { poolId: scope.poolId, isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 },
                _count: { select: { photos: { where: { poolId: scope.poolId, status: 'inspection' } } } },
              },
            },
          },
        },
      },
    })
    if (!session || session.tenantId !== scope.tenantId || session.expiresAt <= now || session.user.status === 'deleted') return null
    // Touch at most once an hour: a write per request would cost more than it tells.
    if (now.getTime() - session.lastSeenAt.getTime() > 3600_000) {
      await tx.session.update({ where: { id: session.id }, data: { lastSeenAt: now } })
    }
    const { user } = session
    return {
      sessionId: rawId,
      userId: user.id,
      email: user.email,
      status: user.status,
      credits: user.credits,
      paidUser: user.paidUser,
      signupDate: user.signupDate,
      profile: user.profile
        ? { id: user.profile.id, name: user.profile.name, invisible: user.profile.invisible, status: user.profile.status, thumbFilename: user.profile.photos[0]?.thumbFilename ?? null, photosInInspection: user.profile._count.photos }
        : null,
    }
  })
}
