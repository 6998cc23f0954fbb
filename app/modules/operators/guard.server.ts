// The console's guards, for the first line of every console loader and action (decision 023).
import { redirect, type AppLoadContext } from '@remix-run/node'
import type { TFunction } from 'i18next'
import type { Locale } from '../../../tenants/schema.ts'
import { consoleContextOf, type ConsoleContext } from '../console/context.server.ts'
import { getRegistry } from '../tenancy/registry.server.ts'
import type { AuditActor } from './audit.server.ts'
import { mayOpen, type ConsoleArea, type OperatorRole } from './roles.ts'
import { operatorDb, reachOf, type OperatorDb, type Reach } from './scope.server.ts'
import type { ConsoleSession, SignedInOperator } from './session.server.ts'

/** What a console route works with once the guard let it through. */
export type OperatorRequest = {
  operator: SignedInOperator
  /** The operator's database handle: every transaction on it is limited to their sites and pools. */
  db: OperatorDb
  /** Their sites and pools (registry order), for lists and filters. */
  reach: Reach
  /** For auditIn(tx, actor, ...). */
  actor: AuditActor
  session: ConsoleSession
  t: TFunction
  locale: Locale
  ctx: ConsoleContext
}

export type OperatorGuardOptions = {
  /** The area the page belongs to (its roles); or `roles` directly. Neither: any signed-in operator. */
  area?: ConsoleArea
  roles?: readonly OperatorRole[]
}

/** Where a half-finished login continues. */
export function pendingStepPath(session: ConsoleSession): string | null {
  if (session.stage === 'second_factor') return '/login/code'
  if (session.stage === 'enrol') return '/login/setup'
  return null
}

/**
 * The signed-in operator with a full session and a permitted role. Signed out: a redirect
 * to /login (back here afterwards); half signed in: on to the login's next step; another
 * role: 403. On a member site's host: 404 (no console page exists there).
 */
export async function requireOperator(context: AppLoadContext, request: Request, options: OperatorGuardOptions = {}): Promise<OperatorRequest> {
  const ctx = consoleContextOf(context)
  const session = ctx.session
  if (!session || session.stage !== 'full') {
    const next = session ? pendingStepPath(session) : null
    const url = new URL(request.url)
    throw redirect(next ?? `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  const { operator } = session
  const allowed = options.area ? mayOpen(operator.role, options.area) : options.roles ? options.roles.includes(operator.role) : true
  if (!allowed) throw new Response('Forbidden', { status: 403, statusText: 'Forbidden', headers: { 'Cache-Control': 'no-store' } })
  const { tenants } = await getRegistry()
  return {
    operator,
    db: operatorDb(ctx.db, operator.id),
    reach: reachOf(operator, tenants),
    actor: { id: operator.id, email: operator.email, role: operator.role, ip: ctx.clientIp },
    session,
    t: ctx.t,
    locale: ctx.locale,
    ctx,
  }
}

/** Signed-in operators have no business on the login form: to their home. */
export function requireSignedOut(context: AppLoadContext): ConsoleContext {
  const ctx = consoleContextOf(context)
  if (ctx.session?.stage === 'full') throw redirect('/')
  return ctx
}
