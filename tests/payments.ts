// Shared setup of the payment tests: the local Mollie sandbox (scripts/lib/mollie-sandbox.ts)
// with the app pointed at it, a purchase started the way the /credits route starts one, the
// webhook as Mollie calls it, and a purchase paid at the sandbox and announced by its webhook.
/* eslint-disable no-restricted-imports -- the tests' webhook drives the route module itself */
import { randomUUID } from 'node:crypto'
import { startMollieSandbox, type MollieSandbox } from '../scripts/lib/mollie-sandbox.ts'
import type { Db } from '../app/modules/db/client.server.ts'
import type { Scope } from '../app/modules/db/scoped.server.ts'
import { startPurchase, type PurchaseInput } from '../app/modules/payments/purchase.server.ts'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { action as webhook } from '../app/routes/api.payments.webhook.ts'
import { contextFor, runRoute, siteRequest, tenantFor } from './route-harness.ts'

/** Starts the sandbox with its webhook calls off (tests send the webhook themselves). */
export async function startSandbox(): Promise<MollieSandbox> {
  const sandbox = await startMollieSandbox()
  sandbox.setWebhooks(false)
  process.env.MOLLIE_API_ENDPOINT = sandbox.apiEndpoint
  return sandbox
}

export async function purchase(db: Db, scope: Scope, userId: string, input: Partial<PurchaseInput> = {}) {
  const tenant = await tenantFor(scope)
  const result = await startPurchase(db, tenant, scope, {
    userId,
    bundleId: tenant.creditBundles[0]!.id,
    method: null,
    issuer: null,
    country: scope.poolId === 'benelux' ? 'NL' : 'GB',
    code: null,
    idempotencyKey: randomUUID(),
    origin: `http://${tenant.domains[0]}`,
    locale: 'nl',
    ...input,
  })
  if (!result.ok) throw new Error(`purchase refused: ${JSON.stringify(result)}`)
  const row = await withScope(db, scope, (tx) => tx.payment.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: result.paymentId } } }))
  return { ...result, row, molliePaymentId: row.molliePaymentId! }
}

export async function creditsOf(db: Db, scope: Scope, userId: string) {
  return withScope(db, scope, async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId } }, select: { credits: true, paidUser: true } })
    const ledger = await tx.creditTransaction.findMany({ where: { tenantId: scope.tenantId, userId, reason: { in: ['purchase', 'refund'] } }, orderBy: { id: 'asc' } })
    return { ...user, ledger }
  })
}

/** Mollie's webhook call (`id=tr_...`) on the site's host, from `ip` (none: the harness's). */
export async function sendWebhook(scope: Scope, id: string, ip?: string) {
  const request = await siteRequest(scope, '/api/payments/webhook', { method: 'POST', body: new URLSearchParams({ id }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  const context = await contextFor(scope, request)
  return runRoute(async () => webhook({ request, context: ip === undefined ? context : { ...context, clientIp: ip }, params: {} }))
}

/** A purchase of the first bundle, paid at the sandbox and announced by its webhook (answered 200). */
export async function paidPurchase(db: Db, sandbox: MollieSandbox, scope: Scope, userId: string, input: Partial<PurchaseInput> = {}) {
  const bought = await purchase(db, scope, userId, input)
  await sandbox.complete(bought.molliePaymentId, 'paid')
  const answer = await sendWebhook(scope, bought.molliePaymentId)
  if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`)
  return bought
}
