// The member's own known device: a cookie set at a successful login or password reset. A
// stranger's wrong passwords lock out their own IP (and at worst the unknown devices) but
// never this browser, which has its own lockout bucket. The cookie is signed with the
// account's password hash (HMAC): it names the account, cannot be made without the server's
// data, and every cookie dies when the password changes (a reset sets a new one).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { secureCookies } from '../config/env.server.ts'

export const DEVICE_COOKIE = 'kd'
const MAX_AGE_S = 365 * 24 * 3600

const mac = (passwordHash: string, tenantId: string, userId: string, nonce: string) =>
  createHmac('sha256', passwordHash).update(`known-device:${tenantId}:${userId}:${nonce}`).digest('base64url')

/** The Set-Cookie header that marks this browser as the account's known device. */
export function deviceCookie(account: { tenantId: string; userId: string; passwordHash: string }): string {
  const nonce = randomBytes(12).toString('base64url')
  const value = `${account.userId}.${nonce}.${mac(account.passwordHash, account.tenantId, account.userId, nonce)}`
  return [`${DEVICE_COOKIE}=${value}`, 'Path=/', `Max-Age=${MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax', ...(secureCookies() ? ['Secure'] : [])].join('; ')
}

function readDeviceCookie(cookieHeader: string | null | undefined): { userId: string; nonce: string; mac: string } | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== DEVICE_COOKIE) continue
    const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(rest.join('='))
    return match ? { userId: match[1]!, nonce: match[2]!, mac: match[3]! } : null
  }
  return null
}

/** The device's id when the request's cookie is a valid known-device cookie of this account. */
export function knownDeviceOf(cookieHeader: string | null | undefined, account: { tenantId: string; userId: string; passwordHash: string | null }): string | null {
  const cookie = readDeviceCookie(cookieHeader)
  if (!cookie || cookie.userId !== account.userId || !account.passwordHash) return null
  const expected = Buffer.from(mac(account.passwordHash, account.tenantId, account.userId, cookie.nonce))
  const given = Buffer.from(cookie.mac)
  return expected.length === given.length && timingSafeEqual(expected, given) ? cookie.nonce : null
}
