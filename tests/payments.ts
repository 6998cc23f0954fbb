// Shared setup of the payment tests: the local Mollie sandbox (scripts/lib/mollie-sandbox.ts)
// with the app pointed at it, and a purchase started the way the /credits route starts one.
import { randomUUID } from 'node:crypto'
import { startMollieSandbox, type MollieSandbox } from '../scripts/lib/mollie-sandbox.ts'
import type { Db } from '../app/modules/db/client.server.ts'
import type { Scope } from '../app/modules/db/scoped.server.ts'
import { startPurchase, type PurchaseInput } from '../app/modules/payments/purchase.server.ts'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { tenantFor } from './route-harness.ts'

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
