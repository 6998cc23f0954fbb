// TEST HOOK, browser tests only: POST /__test/signup-age (JSON `{ "seconds": n }`) moves the
// logged-in member's signup date n seconds into the past, so a test can step past the time
// bonus (14,400 s) or the welcome discount window without waiting.
//
// It exists ONLY when the server runs with E2E_TEST_HOOKS=true; otherwise every request
// answers 404, as for any unknown page. Never set E2E_TEST_HOOKS in production.
import type { ActionFunctionArgs } from '@remix-run/node'
import { getEnv } from '~/modules/config/env.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'

const notFound = () => new Response('Not Found', { status: 404 })

export function loader() {
  throw notFound()
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!getEnv().E2E_TEST_HOOKS) throw notFound()
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  const { member, db, scope } = context
  if (!member) return Response.json({ error: 'authentication_required' }, { status: 403 })
  const body = (await request.json().catch(() => null)) as { seconds?: unknown } | null
  const seconds = typeof body?.seconds === 'number' && Number.isInteger(body.seconds) && body.seconds >= 0 ? body.seconds : null
  if (seconds === null) return Response.json({ error: 'seconds' }, { status: 400 })
  const signupDate = new Date(Date.now() - seconds * 1000)
  await withScope(db, scope, (tx) => tx.user.updateMany({ where: { tenantId: scope.tenantId, id: member.userId }, data: { signupDate } }))
  return Response.json({ ok: true, signupDate })
}
