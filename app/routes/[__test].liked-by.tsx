// TEST HOOK, browser tests only: POST /__test/liked-by (JSON `{ "profileId": N }`) records a
// like from profile N of this pool to the logged-in member, as if N had liked them, so a
// browser test gets a match with one signup instead of two.
//
// It exists ONLY when the server runs with E2E_TEST_HOOKS=true; otherwise every request
// answers 404, as for any unknown page. Never set E2E_TEST_HOOKS in production.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getEnv } from '~/modules/config/env.server.ts'
import { giveLike } from '~/modules/likes/service.server.ts'

const notFound = () => new Response('Not Found', { status: 404 })
const Body = z.object({ profileId: z.number().int().positive().max(2_147_483_647) })

export function loader() {
  throw notFound()
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!getEnv().E2E_TEST_HOOKS) throw notFound()
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  const { member, db, scope, tenant } = context
  if (!member?.profile) return Response.json({ error: 'authentication_required' }, { status: 403 })
  const parsed = Body.safeParse(await request.json().catch(() => null))
  if (!parsed.success) return Response.json({ error: 'invalid_request' }, { status: 400 })
  const outcome = await giveLike(db, scope, { likerId: parsed.data.profileId, likedId: member.profile.id, origin: 'profile', cdnPrefix: tenant.cdnPrefix })
  return Response.json(outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason }, { status: outcome.ok ? 200 : 404 })
}
