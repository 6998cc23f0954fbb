// TEST HOOK, browser tests only: POST /__test/credits (JSON body `{"credits": 100}`) adds
// credits to the logged-in member of this site through the ledger (reason bonus), as a
// purchase would, so paid actions (gifts, photo unlocks) can be tried without payments.
//
// It exists ONLY when the server runs with E2E_TEST_HOOKS=true; otherwise every request
// answers 404, as for any unknown page. Never set E2E_TEST_HOOKS in production.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getEnv } from '~/modules/config/env.server.ts'
import { changeCredits } from '~/modules/credits/ledger.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'

const notFound = () => new Response('Not Found', { status: 404 })
const BodySchema = z.object({ credits: z.number().int().min(1).max(100_000) })

export function loader() {
  throw notFound()
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!getEnv().E2E_TEST_HOOKS) throw notFound()
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  const { member, db, scope } = context
  if (!member) return Response.json({ error: 'authentication_required' }, { status: 403 })
  const body = BodySchema.safeParse(await request.json().catch(() => null))
  if (!body.success) return Response.json({ error: 'invalid' }, { status: 400 })
  const result = await withScope(db, scope, (tx) => changeCredits(tx, scope, { userId: member.userId, delta: body.data.credits, reason: 'bonus' }))
  return Response.json(result.ok ? { ok: true, credits: result.balance } : { ok: false }, { status: result.ok ? 200 : 400 })
}
