import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { consume, refund } from '~/modules/limits/limiter.server.ts'
import { DISABLED_REASONS } from '~/modules/notifications/kinds.ts'
import { mailEventProvider } from '~/modules/notifications/mail-event-tokens.server.ts'
import { disableEmail } from '~/modules/notifications/preferences.server.ts'

// Webhook for a mail provider's bounces and spam complaints (decision 016), on the site's
// host: POST /operator/mail-events with `Authorization: Bearer <the provider's token>`
// (MAIL_EVENT_TOKENS; decision 023) and a form body `email=<address>&reason=bounce|fbl|listunsubscribe`.
// The same as `npm run mail:bounce`. No console page lives here: this is a machine's door.
const Body = z.object({ email: z.string().trim().min(3).max(254), reason: z.enum(DISABLED_REASONS) })

const json = (body: unknown, status: number, headers: Record<string, string> = {}) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  // Reserved before the token is checked, so parallel guesses beyond the allowance are never
  // checked; the right token gives its point back (it is not counted).
  const ip = context.clientIp || 'unknown'
  const verdict = await consume('webhook_token', ip)
  if (!verdict.ok) return json({ error: 'too_many_requests', retry_after: verdict.retryAfter }, 429, { 'Retry-After': String(verdict.retryAfter) })
  const provider = mailEventProvider(request)
  if (!provider) return json({ error: 'unauthorized' }, 401, { 'WWW-Authenticate': 'Bearer realm="mail-events"' })
  await refund('webhook_token', ip)
  const form = await request.formData().catch(() => null)
  const parsed = Body.safeParse({ email: form?.get('email'), reason: form?.get('reason') ?? 'bounce' })
  if (!parsed.success) return json({ error: 'invalid_request' }, 400)
  const found = await disableEmail(context.db, context.scope, parsed.data.email, parsed.data.reason)
  console.info(`[mail-events] ${provider}: ${context.tenant.slug}: ${parsed.data.reason} ${found ? 'applied' : 'for an unknown address'}`)
  return json({ ok: found }, found ? 200 : 404)
}
