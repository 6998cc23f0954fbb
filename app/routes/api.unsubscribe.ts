import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { unsubscribe } from '~/modules/notifications/preferences.server.ts'

// The List-Unsubscribe target of bulk mails (RFC 8058). The mail client's one-click POST
// (body List-Unsubscribe=One-Click) switches that kind of mail off and records the reason
// `listunsubscribe`. A GET (a person following the link, or a scanner prefetching it) changes
// nothing: it leads to the preferences page.
export async function loader(_: LoaderFunctionArgs) {
  return redirect('/notifications')
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, POST' } })
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const done = token.length > 0 && token.length < 300 && (await unsubscribe(context.db, context.scope, token))
  return new Response(done ? 'unsubscribed' : 'unknown link', { status: done ? 200 : 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}
