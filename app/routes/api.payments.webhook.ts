import type { ActionFunctionArgs } from '@remix-run/node'
import { syncPayment } from '~/modules/payments/sync.server.ts'

// Mollie's webhook (docs/decisions/015-payments.md): a form post `id=tr_...` saying that
// payment changed. The host names the site; its own key fetches the payment, so an id of
// another site (or an invented one) is unknown here: 200 and nothing changes. A provider
// error answers 500, so Mollie tries again.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
  const form = await request.formData().catch(() => null)
  const id = form?.get('id')
  if (typeof id !== 'string' || id === '') return new Response('missing id', { status: 400 })
  try {
    await syncPayment(context.db, context.tenant, context.scope, id)
    return new Response('ok', { status: 200 })
  } catch (error) {
    console.error(`payments: ${context.tenant.slug}: webhook for ${id} failed`, error)
    return new Response('retry', { status: 500 })
  }
}
