// The console layout's data (app/routes/console.tsx): who is signed in, which areas their
// role opens, and the inbox's waiting count and oldest wait for the header.
import type { AppLoadContext } from '@remix-run/node'
import { waitingSummary } from '../inbox/queue.server.ts'
import { requireOperator } from '../operators/guard.server.ts'
import { CONSOLE_AREAS, mayOpen, type ConsoleArea } from '../operators/roles.ts'
import { withOperator } from '../operators/scope.server.ts'
import { consoleContextOf } from './context.server.ts'

export async function consoleLayoutData(context: AppLoadContext, request: Request) {
  const ctx = consoleContextOf(context)
  if (ctx.session?.stage !== 'full') return { locale: ctx.locale, operator: null, areas: [] as ConsoleArea[], waiting: null }
  const { operator, db, reach } = await requireOperator(context, request)
  const areas = (Object.keys(CONSOLE_AREAS) as ConsoleArea[]).filter((area) => mayOpen(operator.role, area))
  const waiting = areas.includes('inbox')
    ? await withOperator(db, (tx) => waitingSummary(tx, { id: operator.id, sites: reach.sites.map((s) => s.slug), pools: reach.pools, languages: operator.role === 'chatter' ? operator.languages : [] }))
    : null
  return {
    locale: ctx.locale,
    operator: { name: operator.name, role: operator.role, available: operator.available },
    areas,
    waiting: waiting ? { count: waiting.count, oldestMinutes: waiting.oldest ? Math.max(0, Math.floor((Date.now() - waiting.oldest.getTime()) / 60_000)) : null } : null,
  }
}

export type ConsoleLayoutData = Awaited<ReturnType<typeof consoleLayoutData>>
