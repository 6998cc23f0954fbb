import type { ActionFunctionArgs } from '@remix-run/node'
import { unknownPaymentLookup } from '~/modules/limits/apply.server.ts'
import { syncPayment } from '~/modules/payments/sync.server.ts'

// Mollie's webhook (docs/decisions/015-payments.md): a form post `id=tr_...` saying that
// payment changed. The host names the site; its own key fetches the payment, so an id of
// another site (or an invented one) is unknown here: 200 and nothing changes. A provider
// error answers 500, so Mollie tries again. Ids we do not know cost a GET at Mollie each:
// limited per source address and per site (decision 054); over the limit Mollie is not asked
// and the answer is the same 200 (a real but lost payment is found by the reconciliation).
let lastWarned = 0

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
  const form = await request.formData().catch(() => null)
  const id = form?.get('id')
  if (typeof id !== 'string' || id === '') return new Response('missing id', { status: 400 })
  try {
    const outcome = await syncPayment(context.db, context.tenant, context.scope, id, console, unknownPaymentLookup(context.scope.tenantId, context.clientIp))
    if (outcome === 'limited' && Date.now() - lastWarned > 60_000) {
      lastWarned = Date.now()
      console.warn(`payments: ${context.tenant.slug}: webhook lookups of unknown ids over the limit (${context.clientIp || 'unknown address'}); at most one such line a minute`)
    }
    return new Response('ok', { status: 200 })
  } catch (error) {
    console.error(`payments: ${context.tenant.slug}: webhook for ${id} failed`, error)
    return new Response('retry', { status: 500 })
  }
}
