import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { dismissAlert } from '~/modules/notifications/activity.server.ts'

// Dismissing the push or disabled-notifications alert (SPEC §4: stored as a timestamp, on the
// account, so it stays dismissed on every device). JSON {"dismiss": "push" | "notifications_disabled"}.
const Body = z.object({ dismiss: z.enum(['push', 'notifications_disabled']) })

export async function loader() {
  return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } })
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return Response.json({ error: 'invalid_json' }, { status: 400 })
  }
  const parsed = Body.safeParse(body)
  if (!parsed.success) return Response.json({ error: 'invalid_request' }, { status: 400 })
  const at = await dismissAlert(context.db, context.scope, member.userId, parsed.data.dismiss)
  return Response.json({ ok: true, dismissed_at: at.toISOString() }, { headers: { 'Cache-Control': 'no-store' } })
}
