// POST /entry-warning: the 18+ entry warning answered without JavaScript (with JavaScript
// the page sets the same cookie itself). Sets the cookie and goes back to the page.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { secureCookies } from '~/modules/config/env.server.ts'
import { originOf, safeRedirect } from '~/modules/http/safe-redirect.ts'
import { entryWarningCookie } from '~/modules/site/entry-warning.ts'

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const to = form.get('redirectTo')
  return redirect(safeRedirect(typeof to === 'string' ? to : null, '/', originOf(request)), { headers: { 'Set-Cookie': entryWarningCookie(secureCookies()) } })
}

export function loader() {
  throw new Response('Not Found', { status: 404 })
}
