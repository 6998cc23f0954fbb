-- Ready to shard by pool (docs/operations.md, "Past one Postgres"; decision 056): the
-- account tables, which carried only the site ("tenantId"), gain the site's pool ("poolId"),
-- the distribution column. Works on a database with data: the column is added empty, filled
-- from "Tenant"."poolId" (a site never moves to another pool), then made NOT NULL. Primary
-- keys and unique constraints then lead with "poolId", foreign keys between these tables
-- carry it on both sides, and a foreign key ("tenantId", "poolId") -> "Tenant"("id",
-- "poolId") (directly, or through "User") keeps every row's pool its site's pool.

-- DropForeignKey
ALTER TABLE "CampaignSend" DROP CONSTRAINT "CampaignSend_campaignId_fkey";
ALTER TABLE "CreditTransaction" DROP CONSTRAINT "CreditTransaction_tenantId_userId_fkey";
ALTER TABLE "PushSubscription" DROP CONSTRAINT "PushSubscription_userId_fkey";
ALTER TABLE "Session" DROP CONSTRAINT "Session_userId_fkey";
ALTER TABLE "Token" DROP CONSTRAINT "Token_userId_fkey";
ALTER TABLE "User" DROP CONSTRAINT "User_tenantId_fkey";

-- DropIndex
DROP INDEX "CreditTransaction_tenantId_reason_reference_key";
DROP INDEX "OutboxMail_tenantId_dedupeKey_key";
DROP INDEX "Postback_tenantId_network_event_eventKey_key";
DROP INDEX "PushSubscription_tenantId_endpoint_key";
DROP INDEX "Token_tenantId_tokenHash_key";
DROP INDEX "User_tenantId_id_key";

-- The column, filled from the site's pool (the owner runs migrations: row-level security
-- does not apply to it), then required.
ALTER TABLE "User" ADD COLUMN "poolId" TEXT;
ALTER TABLE "Session" ADD COLUMN "poolId" TEXT;
ALTER TABLE "Token" ADD COLUMN "poolId" TEXT;
ALTER TABLE "CreditTransaction" ADD COLUMN "poolId" TEXT;
ALTER TABLE "OutboxMail" ADD COLUMN "poolId" TEXT;
ALTER TABLE "PushSubscription" ADD COLUMN "poolId" TEXT;
ALTER TABLE "Payment" ADD COLUMN "poolId" TEXT;
ALTER TABLE "PaymentCustomer" ADD COLUMN "poolId" TEXT;
ALTER TABLE "DiscountRedemption" ADD COLUMN "poolId" TEXT;
ALTER TABLE "Complaint" ADD COLUMN "poolId" TEXT;
ALTER TABLE "Postback" ADD COLUMN "poolId" TEXT;
ALTER TABLE "Campaign" ADD COLUMN "poolId" TEXT;
ALTER TABLE "CampaignSend" ADD COLUMN "poolId" TEXT;

UPDATE "User" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "Session" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "Token" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "CreditTransaction" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "OutboxMail" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "PushSubscription" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "Payment" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "PaymentCustomer" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "DiscountRedemption" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "Complaint" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "Postback" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "Campaign" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";
UPDATE "CampaignSend" AS x SET "poolId" = t."poolId" FROM "Tenant" AS t WHERE t."id" = x."tenantId";

ALTER TABLE "User" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "Session" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "Token" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "CreditTransaction" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "OutboxMail" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "PushSubscription" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "Payment" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "PaymentCustomer" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "DiscountRedemption" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "Complaint" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "Postback" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "Campaign" ALTER COLUMN "poolId" SET NOT NULL;
ALTER TABLE "CampaignSend" ALTER COLUMN "poolId" SET NOT NULL;

-- AlterTable
ALTER TABLE "Campaign" DROP CONSTRAINT "Campaign_pkey",
ADD CONSTRAINT "Campaign_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- AlterTable
ALTER TABLE "CampaignSend" DROP CONSTRAINT "CampaignSend_pkey",
ADD CONSTRAINT "CampaignSend_pkey" PRIMARY KEY ("poolId", "campaignId", "userId");

-- AlterTable
ALTER TABLE "Complaint" DROP CONSTRAINT "Complaint_pkey",
ADD CONSTRAINT "Complaint_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- AlterTable
ALTER TABLE "CreditTransaction" DROP CONSTRAINT "CreditTransaction_pkey",
ADD CONSTRAINT "CreditTransaction_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- AlterTable
ALTER TABLE "DiscountRedemption" DROP CONSTRAINT "DiscountRedemption_pkey",
ADD CONSTRAINT "DiscountRedemption_pkey" PRIMARY KEY ("poolId", "tenantId", "code", "userId");

-- AlterTable
ALTER TABLE "OutboxMail" DROP CONSTRAINT "OutboxMail_pkey",
ADD CONSTRAINT "OutboxMail_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- AlterTable
ALTER TABLE "PaymentCustomer" DROP CONSTRAINT "PaymentCustomer_pkey",
ADD CONSTRAINT "PaymentCustomer_pkey" PRIMARY KEY ("poolId", "tenantId", "userId");

-- AlterTable
ALTER TABLE "Postback" DROP CONSTRAINT "Postback_pkey",
ADD CONSTRAINT "Postback_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- AlterTable
ALTER TABLE "PushSubscription" DROP CONSTRAINT "PushSubscription_pkey",
ADD CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- AlterTable
ALTER TABLE "Session" DROP CONSTRAINT "Session_pkey",
ADD CONSTRAINT "Session_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- AlterTable
ALTER TABLE "Token" DROP CONSTRAINT "Token_pkey",
ADD CONSTRAINT "Token_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CreditTransaction_poolId_tenantId_reason_reference_key" ON "CreditTransaction"("poolId", "tenantId", "reason", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMail_poolId_tenantId_dedupeKey_key" ON "OutboxMail"("poolId", "tenantId", "dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "Postback_poolId_tenantId_network_event_eventKey_key" ON "Postback"("poolId", "tenantId", "network", "event", "eventKey");

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_poolId_tenantId_endpoint_key" ON "PushSubscription"("poolId", "tenantId", "endpoint");

-- CreateIndex
CREATE UNIQUE INDEX "Tenant_id_poolId_key" ON "Tenant"("id", "poolId");

-- CreateIndex
CREATE UNIQUE INDEX "Token_poolId_tenantId_tokenHash_key" ON "Token"("poolId", "tenantId", "tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "User_poolId_tenantId_id_key" ON "User"("poolId", "tenantId", "id");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_poolId_tenantId_userId_fkey" FOREIGN KEY ("poolId", "tenantId", "userId") REFERENCES "User"("poolId", "tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Token" ADD CONSTRAINT "Token_poolId_tenantId_userId_fkey" FOREIGN KEY ("poolId", "tenantId", "userId") REFERENCES "User"("poolId", "tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditTransaction" ADD CONSTRAINT "CreditTransaction_poolId_tenantId_userId_fkey" FOREIGN KEY ("poolId", "tenantId", "userId") REFERENCES "User"("poolId", "tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxMail" ADD CONSTRAINT "OutboxMail_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_poolId_tenantId_userId_fkey" FOREIGN KEY ("poolId", "tenantId", "userId") REFERENCES "User"("poolId", "tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentCustomer" ADD CONSTRAINT "PaymentCustomer_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountRedemption" ADD CONSTRAINT "DiscountRedemption_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Postback" ADD CONSTRAINT "Postback_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_tenantId_poolId_fkey" FOREIGN KEY ("tenantId", "poolId") REFERENCES "Tenant"("id", "poolId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignSend" ADD CONSTRAINT "CampaignSend_poolId_tenantId_campaignId_fkey" FOREIGN KEY ("poolId", "tenantId", "campaignId") REFERENCES "Campaign"("poolId", "tenantId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
