import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireOperator } from '~/modules/admin/operator.server.ts'
import { DISABLED_REASONS } from '~/modules/notifications/kinds.ts'
import { disableEmail } from '~/modules/notifications/preferences.server.ts'

// Webhook for a mail provider's bounces and spam complaints (decision 016), on the site's
// host: POST /operator/mail-events with the operator's HTTP Basic credentials and a form body
// `email=<address>&reason=bounce|fbl|listunsubscribe`. The same as `npm run mail:bounce`.
const Body = z.object({ email: z.string().trim().min(3).max(254), reason: z.enum(DISABLED_REASONS) })

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireOperator(request)
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  const form = await request.formData().catch(() => null)
  const parsed = Body.safeParse({ email: form?.get('email'), reason: form?.get('reason') ?? 'bounce' })
  if (!parsed.success) return Response.json({ error: 'invalid_request' }, { status: 400 })
  const found = await disableEmail(context.db, context.scope, parsed.data.email, parsed.data.reason)
  return Response.json({ ok: found }, { status: found ? 200 : 404, headers: { 'Cache-Control': 'no-store' } })
}
