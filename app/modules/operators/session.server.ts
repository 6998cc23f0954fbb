// Console sessions (decision 023): a row per login in OperatorSession, the cookie holds only
// a random id (the row's key is its SHA-256). The cookie is the console host's own: another
// name than the members' `sid`, host-only, HttpOnly, SameSite=Strict, `__Host-` and Secure
// in production. A session is at one stage: the second factor still to give, TOTP still to
// set up (admin, finance), or full; only a full session opens console pages.
import { randomBytes } from 'node:crypto'
import { secureCookies } from '../config/env.server.ts'
import type { Db } from '../db/client.server.ts'
import { sha256 } from '../auth/tokens.server.ts'
import type { OperatorRole } from './roles.ts'

/** A shift, not a month: operators sign in again every 12 hours. */
export const CONSOLE_SESSION_S = 12 * 3600
/** A half-finished login (password given, second factor not yet). */
export const PARTIAL_SESSION_S = 10 * 60

export function consoleCookieName(): string {
  return secureCookies() ? '__Host-osid' : 'osid'
}

export function consoleSessionCookie(rawId: string, maxAge: number): string {
  return [`${consoleCookieName()}=${rawId}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict', ...(secureCookies() ? ['Secure'] : [])].join('; ')
}

export function clearConsoleCookie(): string {
  return consoleSessionCookie('', 0)
}

export function readConsoleSessionId(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null
  const name = consoleCookieName()
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      const value = rest.join('=')
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null
    }
  }
  return null
}

export type SessionStage = 'second_factor' | 'enrol' | 'full'

/** The operator as every console request sees it. */
export type SignedInOperator = {
  id: string
  email: string
  name: string
  role: OperatorRole
  allSites: boolean
  pools: string[]
  sites: string[]
  languages: string[]
  locale: string
  totpEnabled: boolean
  maxChats: number
  available: boolean
}

export type ConsoleSession = { rawId: string; stage: SessionStage; operator: SignedInOperator; pendingTotp: string | null }

export async function createConsoleSession(db: Db, input: { operatorId: string; stage: SessionStage; userAgent?: string | null; ip?: string; now?: Date }): Promise<{ rawId: string; maxAge: number }> {
  const raw = randomBytes(32).toString('base64url')
  const now = input.now ?? new Date()
  const maxAge = input.stage === 'full' ? CONSOLE_SESSION_S : PARTIAL_SESSION_S
  await db.operatorSession.create({
    data: { id: sha256(raw), operatorId: input.operatorId, stage: input.stage, expiresAt: new Date(now.getTime() + maxAge * 1000), userAgent: input.userAgent?.slice(0, 300) ?? null, ip: input.ip?.slice(0, 64) ?? null },
  })
  return { rawId: raw, maxAge }
}

export async function destroyConsoleSession(db: Db, rawId: string): Promise<void> {
  await db.operatorSession.deleteMany({ where: { id: sha256(rawId) } })
}

/** Ends every session of an operator (disabled, password or second factor changed). */
export async function destroyOperatorSessions(db: Db, operatorId: string, keepRawId?: string): Promise<void> {
  await db.operatorSession.deleteMany({ where: { operatorId, ...(keepRawId ? { NOT: { id: sha256(keepRawId) } } : {}) } })
}

/** The session behind the console cookie: an active operator's, not expired; else null. */
export async function loadConsoleSession(db: Db, cookieHeader: string | null | undefined, now = new Date()): Promise<ConsoleSession | null> {
  const raw = readConsoleSessionId(cookieHeader)
  if (!raw) return null
  const row = await db.operatorSession.findUnique({
    where: { id: sha256(raw) },
    select: {
      stage: true, expiresAt: true, lastSeenAt: true, pendingTotp: true,
      operator: {
        select: {
          id: true, email: true, name: true, role: true, status: true, allSites: true, pools: true, sites: true, languages: true, locale: true,
          totpSecret: true, maxChats: true, available: true, lastSeenAt: true,
        },
      },
    },
  })
  if (!row || row.expiresAt <= now || row.operator.status !== 'active') return null
  const o = row.operator
  // Seen at most once a minute: "online" for the inbox's auto-assignment, without a write per request.
  if (row.stage === 'full' && (!o.lastSeenAt || now.getTime() - o.lastSeenAt.getTime() > 60_000)) {
    await db.operator.update({ where: { id: o.id }, data: { lastSeenAt: now } })
  }
  return {
    rawId: raw,
    stage: row.stage,
    pendingTotp: row.pendingTotp,
    operator: {
      id: o.id, email: o.email, name: o.name, role: o.role, allSites: o.allSites, pools: o.pools, sites: o.sites, languages: o.languages,
      locale: o.locale, totpEnabled: o.totpSecret !== null, maxChats: o.maxChats, available: o.available,
    },
  }
}
