// TEST HOOK, browser tests only: POST /__test/premium (JSON body `{}`) makes the logged-in
// member of this site a premium member (User.paidUser = true), as a first credit purchase
// would (SPEC §4), so the 25-photo limit can be tried without payments.
//
// It exists ONLY when the server runs with E2E_TEST_HOOKS=true; otherwise every request
// answers 404, as for any unknown page. Never set E2E_TEST_HOOKS in production.
//
// (The brackets in the file name keep the leading underscores literal: `__test.premium.tsx`
// would be a pathless layout and answer on /premium.)
import { getEnv } from '~/modules/config/env.server.ts'
import type { ActionFunctionArgs } from '@remix-run/node'
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
  await withScope(db, scope, (tx) => tx.user.updateMany({ where: { tenantId: scope.tenantId, id: member.userId }, data: { paidUser: true } }))
  return Response.json({ ok: true, paidUser: true })
}
