import type { ActionFunctionArgs } from '@remix-run/node'
import { recordPageHidden } from '~/modules/notifications/activity.server.ts'

// SPEC §7: POST /api/page-hidden, an empty JSON body sent when a page becomes hidden. For a
// logged-in member it records when they left (last active; reminders wait for absence).
export async function loader() {
  return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } })
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return Response.json({ error: 'unsupported_media_type' }, { status: 415 })
  const body: unknown = await request.json().catch(() => null)
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return Response.json({ error: 'invalid_json' }, { status: 400 })
  if (context.member) await recordPageHidden(context.db, context.scope, context.member.userId)
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
