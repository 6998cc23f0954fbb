-- Decision 056: Payment's keys lead with the pool (its "poolId" was filled in the migration
-- before). Only keys change: no row moves.

-- DropIndex
DROP INDEX "Payment_tenantId_molliePaymentId_key";

-- DropIndex
DROP INDEX "Payment_tenantId_userId_idempotencyKey_key";

-- AlterTable
ALTER TABLE "Payment" DROP CONSTRAINT "Payment_pkey",
ADD CONSTRAINT "Payment_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_poolId_tenantId_molliePaymentId_key" ON "Payment"("poolId", "tenantId", "molliePaymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_poolId_tenantId_userId_idempotencyKey_key" ON "Payment"("poolId", "tenantId", "userId", "idempotencyKey");
