-- Campaigns (issue #23): promotions, news and reminders to the members who want them.
-- CampaignSend's key (campaign, member) makes each member get a campaign once, also when a
-- worker dies mid-send (the batch's rows and its outbox mails commit together or not at all).
CREATE TYPE "CampaignStatus" AS ENUM ('draft', 'scheduled', 'sending', 'done', 'canceled');

CREATE TABLE "Campaign" (
    "id" SERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "language" VARCHAR(5) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "subject" VARCHAR(150) NOT NULL,
    "body" VARCHAR(5000) NOT NULL,
    "discountCode" VARCHAR(40),
    "segment" JSONB NOT NULL DEFAULT '{}',
    "status" "CampaignStatus" NOT NULL DEFAULT 'draft',
    "scheduledAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Campaign_tenantId_createdAt_idx" ON "Campaign"("tenantId", "createdAt" DESC);

CREATE TABLE "CampaignSend" (
    "campaignId" INTEGER NOT NULL,
    "tenantId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "outboxId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CampaignSend_pkey" PRIMARY KEY ("campaignId", "userId")
);
CREATE INDEX "CampaignSend_tenantId_campaignId_idx" ON "CampaignSend"("tenantId", "campaignId");
ALTER TABLE "CampaignSend" ADD CONSTRAINT "CampaignSend_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Campaign" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Campaign" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Campaign"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])));
ALTER TABLE "CampaignSend" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "CampaignSend" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "CampaignSend"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])));
