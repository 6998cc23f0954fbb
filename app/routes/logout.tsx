import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { logOut } from '~/modules/accounts/login.server.ts'

// Logging out changes state, so only a POST does it (a form in the account menu); a GET,
// e.g. a prefetch or a link, goes home and leaves the session alone.
export function loader() {
  return redirect('/')
}

export async function action({ request, context }: ActionFunctionArgs) {
  const clear = await logOut(context.db, context.scope, request.headers.get('cookie'))
  return redirect('/', { headers: { 'Set-Cookie': clear } })
}
