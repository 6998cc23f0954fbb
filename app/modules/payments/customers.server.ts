// A member's Mollie customer: what first payments attach their mandates to (saved cards and
// accounts for repeat orders and direct debit).
import type { MollieClient } from '@mollie/api-client'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'

/** Mollie methods whose first payment leaves a mandate for later charges. */
export const MANDATE_METHODS = new Set(['creditcard', 'ideal', 'bancontact', 'sofort', 'paypal', 'directdebit'])

/** The member's Mollie customer, created once (its idempotency key makes a race one customer). */
export async function customerFor(db: Db, mollie: MollieClient, scope: Scope, userId: string): Promise<string> {
  const existing = await withScope(db, scope, (tx) => tx.paymentCustomer.findUnique({ where: { poolId_tenantId_userId: { poolId: scope.poolId, tenantId: scope.tenantId, userId } } }))
  if (existing) return existing.mollieCustomerId
  const customer = await mollie.customers.create({ metadata: { member: userId, site: scope.tenantId }, idempotencyKey: `customer-${scope.tenantId}-${userId}` } as never)
  await withScope(db, scope, (tx) => tx.$executeRaw`INSERT INTO "PaymentCustomer" ("poolId", "tenantId", "userId", "mollieCustomerId") VALUES (${scope.poolId}, ${scope.tenantId}, ${userId}, ${customer.id}) ON CONFLICT DO NOTHING`)
  const stored = await withScope(db, scope, (tx) => tx.paymentCustomer.findUniqueOrThrow({ where: { poolId_tenantId_userId: { poolId: scope.poolId, tenantId: scope.tenantId, userId } } }))
  return stored.mollieCustomerId
}

