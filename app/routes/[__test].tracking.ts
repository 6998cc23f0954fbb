// TEST HOOK, browser tests only: GET /__test/tracking answers the logged-in member's stored
// tracking data (traffic source, lander and variant) and this site's lander counts, so a
// browser test can see that a lander signup kept its source (decision 014).
//
// It exists ONLY when the server runs with E2E_TEST_HOOKS=true; otherwise every request
// answers 404, as for any unknown page. Never set E2E_TEST_HOOKS in production.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getEnv } from '~/modules/config/env.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { landerStats } from '~/modules/landers/stats.server.ts'

export async function loader({ context }: LoaderFunctionArgs) {
  if (!getEnv().E2E_TEST_HOOKS) throw new Response('Not Found', { status: 404 })
  const { member, reads, scope } = context
  if (!member) return Response.json({ error: 'authentication_required' }, { status: 403 })
  const user = await readScoped(reads, scope, (tx) => tx.user.findFirst({ where: { tenantId: scope.tenantId, id: member.userId }, select: { tracking: true } }))
  return Response.json({ tracking: user?.tracking ?? null, stats: await landerStats(reads, scope) })
}
