-- Issue 20, money rules (docs/decisions/040-money-rules.md).

-- A provider error while creating a payment: never a bounce, never blocks direct debit.
ALTER TYPE "PaymentStatus" ADD VALUE 'provider_error';

-- Credits held for a refund request and given back when it is declined.
ALTER TYPE "CreditReason" ADD VALUE 'refund_release';

-- What a refund request holds and returns, and what Mollie reported refunded or charged back.
ALTER TABLE "Payment" ADD COLUMN "refundCredits" INTEGER,
  ADD COLUMN "refundAmount" INTEGER,
  ADD COLUMN "creditsTakenBack" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "amountReversed" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_refund_check" CHECK (
  "creditsTakenBack" >= 0 AND "creditsTakenBack" <= credits AND "amountReversed" >= 0 AND "amountReversed" <= amount
  AND ("refundAmount" IS NULL OR ("refundAmount" > 0 AND "refundAmount" <= amount))
  AND ("refundCredits" IS NULL OR ("refundCredits" > 0 AND "refundCredits" <= credits)));
