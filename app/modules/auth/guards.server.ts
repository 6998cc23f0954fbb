// Guards that throw, for the first line of loaders and actions.
import { redirect, type AppLoadContext } from '@remix-run/node'
import type { Member } from './session.server.ts'

/** The logged-in member, or a redirect to /login (JSON 403 for API calls). */
export function requireMember(context: AppLoadContext, request: Request): Member {
  if (context.member) return context.member
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/')) {
    throw Response.json({ error: 'authentication_required' }, { status: 403 })
  }
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
}

/** Logged-in members have no business on signup or login: send them to members (SPEC §2). */
export function requireAnonymous(context: AppLoadContext): void {
  if (context.member) throw redirect('/members')
}

/** Only same-site paths: never an open redirect (app/modules/http/safe-redirect.ts). */
export { safeRedirect } from '../http/safe-redirect.ts'
