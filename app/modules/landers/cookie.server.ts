// The lander cookie (variants.ts): each lander's kept A/B variant and the last lander seen.
import { createCookie } from '@remix-run/node'
import { secureCookies } from '../config/env.server.ts'
import { LANDER_COOKIE, LANDER_COOKIE_MAX_AGE_S, parseAssignments, type Assignments } from './variants.ts'

export const landerCookie = createCookie(LANDER_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: LANDER_COOKIE_MAX_AGE_S, secure: secureCookies() })

export async function readAssignments(cookieHeader: string | null): Promise<Assignments> {
  try {
    return parseAssignments(await landerCookie.parse(cookieHeader))
  } catch {
    return parseAssignments(null)
  }
}

/** The lander a signup came through (the last one this browser saw), if any. */
export async function landerAttribution(request: Request): Promise<{ lander: string; variant: string } | null> {
  return (await readAssignments(request.headers.get('cookie'))).last
}

