import type { LoaderFunctionArgs } from '@remix-run/node'
import { logOut } from '~/modules/accounts/login.server.ts'

// SPEC §7: GET /api/logout ends the session. A GET is open to cross-site navigation, so
// browsers' Sec-Fetch-Site tells us to ignore requests started by another site.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    return Response.json({ error: 'cross_site_request' }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
  }
  const clear = await logOut(context.db, context.scope, request.headers.get('cookie'))
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': clear, 'Cache-Control': 'no-store' } })
}
