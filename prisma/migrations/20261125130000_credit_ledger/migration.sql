-- The credit ledger (docs/decisions/013-chat-and-ledger.md): every change of a member's
-- credits is a row written in the same transaction as the balance. The constraints below
-- hold whatever the code above them does.

-- CreateEnum
CREATE TYPE "CreditReason" AS ENUM ('signup_grant', 'message', 'gift', 'photo_unlock', 'purchase', 'refund', 'operator_adjustment', 'bonus');

-- A balance never goes below zero.
ALTER TABLE "User" ADD CONSTRAINT "User_credits_nonnegative" CHECK ("credits" >= 0);

-- CreateIndex: the target of the ledger's tenant-carrying foreign key.
CREATE UNIQUE INDEX "User_tenantId_id_key" ON "User"("tenantId", "id");

-- CreateTable
CREATE TABLE "CreditTransaction" (
    "id" SERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "delta" INTEGER NOT NULL,
    "reason" "CreditReason" NOT NULL,
    "reference" TEXT,
    "balanceAfter" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditTransaction_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CreditTransaction_balanceAfter_nonnegative" CHECK ("balanceAfter" >= 0),
    CONSTRAINT "CreditTransaction_delta_nonzero" CHECK ("delta" <> 0)
);

-- CreateIndex: a purchase, refund or message reference is credited or debited once.
CREATE UNIQUE INDEX "CreditTransaction_tenantId_reason_reference_key" ON "CreditTransaction"("tenantId", "reason", "reference");

-- CreateIndex
CREATE INDEX "CreditTransaction_tenantId_userId_createdAt_idx" ON "CreditTransaction"("tenantId", "userId", "createdAt" DESC);

-- AddForeignKey: carries the site, so a row can never point at another site's account.
ALTER TABLE "CreditTransaction" ADD CONSTRAINT "CreditTransaction_tenantId_userId_fkey" FOREIGN KEY ("tenantId", "userId") REFERENCES "User"("tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: the ledger belongs to the site, like the accounts it records.
ALTER TABLE "CreditTransaction" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "CreditTransaction" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "CreditTransaction"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
