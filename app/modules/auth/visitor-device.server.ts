// The visitor's device (decision 055): a long-lived, signed cookie set by the signup form,
// so the signup limits can count one browser (`signup_device`) apart from the many people
// behind one shared address. It names no account and carries nothing but a random id and
// its signature (HMAC with a key every node shares), so a client cannot make up ids of its
// own: a new id takes a visit to the form.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { secureCookies } from '../config/env.server.ts'
import { derivedKey } from '../notifications/links.server.ts'

export const VISITOR_DEVICE_COOKIE = 'vd'
const MAX_AGE_S = 2 * 365 * 24 * 3600

const mac = (id: string) => createHmac('sha256', derivedKey('visitor-device')).update(id).digest('base64url')

/** A new device id and the Set-Cookie header that stores it. */
export function newVisitorDevice(): { id: string; setCookie: string } {
  const id = randomBytes(16).toString('base64url')
  const setCookie = [`${VISITOR_DEVICE_COOKIE}=${id}.${mac(id)}`, 'Path=/', `Max-Age=${MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax', ...(secureCookies() ? ['Secure'] : [])].join('; ')
  return { id, setCookie }
}

/** The device id of the request's cookie when its signature holds, else null. */
export function visitorDeviceOf(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== VISITOR_DEVICE_COOKIE) continue
    const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(rest.join('='))
    if (!match) return null
    const expected = Buffer.from(mac(match[1]!))
    const given = Buffer.from(match[2]!)
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null
  }
  return null
}

/**
 * The request's device, and a cookie to set when it has none (or a forged one). `id` is null
 * then: this request has shown no device yet, and the limits count it by its IP.
 */
export function visitorDevice(request: Request): { id: string | null; setCookie: string | null } {
  const id = visitorDeviceOf(request.headers.get('cookie'))
  return id ? { id, setCookie: null } : { id: null, setCookie: newVisitorDevice().setCookie }
}
