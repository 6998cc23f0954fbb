-- The one-time code of the direct debit form (SPEC §3) is a Token like the e-mail links.
ALTER TYPE "TokenPurpose" ADD VALUE 'direct_debit';

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired');

-- CreateEnum
CREATE TYPE "PaymentSequence" AS ENUM ('oneoff', 'first', 'recurring');

-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('requested', 'processing', 'refunded', 'rejected');

-- CreateEnum
CREATE TYPE "DiscountStatus" AS ENUM ('active', 'inactive');

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "bundleId" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "method" TEXT,
    "issuer" TEXT,
    "discountCode" TEXT,
    "discountPercent" INTEGER NOT NULL DEFAULT 0,
    "sequence" "PaymentSequence" NOT NULL DEFAULT 'oneoff',
    "idempotencyKey" TEXT,
    "molliePaymentId" TEXT,
    "checkoutUrl" TEXT,
    "status" "PaymentStatus" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "paidAt" TIMESTAMP(3),
    "creditedAt" TIMESTAMP(3),
    "mismatch" TEXT,
    "refundStatus" "RefundStatus",
    "refundRequestedAt" TIMESTAMP(3),
    "mollieRefundId" TEXT,
    "refundedAt" TIMESTAMP(3),
    "chargedBackAt" TIMESTAMP(3),

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentCustomer" (
    "tenantId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "mollieCustomerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentCustomer_pkey" PRIMARY KEY ("tenantId","userId")
);

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" SERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "country" TEXT,
    "userId" TEXT,
    "percentage" INTEGER NOT NULL,
    "currency" TEXT,
    "minimumOrderValue" INTEGER,
    "expiresAt" TIMESTAMP(3),
    "status" "DiscountStatus" NOT NULL DEFAULT 'active',
    "paymentMethods" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountRedemption" (
    "tenantId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountRedemption_pkey" PRIMARY KEY ("tenantId","code","userId")
);

-- CreateIndex
CREATE INDEX "Payment_tenantId_userId_createdAt_idx" ON "Payment"("tenantId", "userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Payment_tenantId_status_createdAt_idx" ON "Payment"("tenantId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_tenantId_molliePaymentId_key" ON "Payment"("tenantId", "molliePaymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_tenantId_userId_idempotencyKey_key" ON "Payment"("tenantId", "userId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_tenantId_code_key" ON "DiscountCode"("tenantId", "code");

-- The database holds the money rules whatever the code does.
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_credits_positive" CHECK ("credits" > 0);
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_discount_range" CHECK ("discountPercent" >= 0 AND "discountPercent" <= 90);
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_percentage_range" CHECK ("percentage" > 0 AND "percentage" <= 90);

-- Row-level security: payments, customers and discount codes belong to the site, like accounts.
ALTER TABLE "Payment" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Payment" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Payment"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
ALTER TABLE "PaymentCustomer" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "PaymentCustomer" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "PaymentCustomer"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
ALTER TABLE "DiscountCode" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "DiscountCode" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "DiscountCode"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
ALTER TABLE "DiscountRedemption" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "DiscountRedemption" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "DiscountRedemption"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
