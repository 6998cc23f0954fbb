// TEST HOOK, browser tests only: GET /__test/error fails inside the default layout, so the
// layout's error boundary can be seen as a visitor would see it.
//   ?kind=unexpected  throws an Error whose message must never reach the page (500)
//   ?kind=response&status=403  throws a Response without a message (the status's text)
//   ?kind=message     throws a Response with a message for the visitor (409)
//
// It exists ONLY when the server runs with E2E_TEST_HOOKS=true; otherwise it answers 404,
// as any unknown page. Never set E2E_TEST_HOOKS in production.
import { data, type LoaderFunctionArgs } from '@remix-run/node'

export function loader({ request }: LoaderFunctionArgs) {
  if (process.env.E2E_TEST_HOOKS !== 'true') throw new Response(null, { status: 404 })
  const url = new URL(request.url)
  const kind = url.searchParams.get('kind')
  if (kind === 'response') {
    const status = Number(url.searchParams.get('status'))
    throw new Response(null, { status: status >= 400 && status <= 599 ? status : 400 })
  }
  if (kind === 'message') throw data('Dit profiel is intussen gewijzigd.', { status: 409 })
  // What a real failure could carry: an address, a path. e2e/errors.spec.ts looks for it.
  throw new Error('connect ECONNREFUSED 10.0.0.7:5432 /srv/app/secret.ts')
}

export default function TestError() {
  return null
}
