import type { ActionFunctionArgs } from '@remix-run/node'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { hideChat, hideChatsWith } from '~/modules/chat/conversations.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'

// SPEC §7 DELETE /api/chat: removes a conversation from the member's list (body
// `conversation`), or every conversation with a member (body `profile`). 404 when it is
// not the member's; the list then shows the alert and reloads.

async function readBody(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await request.json().catch(() => null)) as unknown
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  }
  const form = await request.formData().catch(() => null)
  return form ? Object.fromEntries(form.entries()) : {}
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'DELETE' } })
  const member = requireMember(context, request)
  const me = member.profile?.id
  const body = await readBody(request)
  const conversation = parseProfileId(String(body.conversation ?? ''))
  const profile = parseProfileId(String(body.profile ?? ''))
  if (!me || (conversation === null && profile === null)) return Response.json({ ok: false, error: 'invalid_request' }, { status: 400 })
  const { db, scope } = context
  const partner = await withScope(db, scope, (tx) => (conversation !== null ? hideChat(tx, scope, me, conversation) : hideChatsWith(tx, scope, me, profile!)))
  if (partner === null) return Response.json({ ok: false, error: 'not_found' }, { status: 404 })
  return Response.json({ ok: true })
}
