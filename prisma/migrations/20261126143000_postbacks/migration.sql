-- Affiliate postbacks (issue #23, decision 052): one row per site, network, event and what
-- it is about (the account for signup and activation, the payment for purchases), written
-- in the event's transaction; a pg-boss job sends it and keeps the answer. The unique key
-- makes it once per event and network, however often the event's code runs.
CREATE TYPE "PostbackEvent" AS ENUM ('signup', 'activation', 'first_purchase', 'purchase');
CREATE TYPE "PostbackStatus" AS ENUM ('pending', 'sending', 'sent', 'failed', 'skipped');

CREATE TABLE "Postback" (
    "id" SERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "network" VARCHAR(100) NOT NULL,
    "event" "PostbackEvent" NOT NULL,
    "eventKey" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tracking" JSONB,
    "amount" INTEGER,
    "currency" TEXT,
    "status" "PostbackStatus" NOT NULL DEFAULT 'pending',
    "url" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "responseStatus" INTEGER,
    "response" VARCHAR(500),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    CONSTRAINT "Postback_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Postback_tenantId_network_event_eventKey_key" ON "Postback"("tenantId", "network", "event", "eventKey");
CREATE INDEX "Postback_tenantId_createdAt_idx" ON "Postback"("tenantId", "createdAt" DESC);

-- Written as the member's site (the event), read and retried by admins and marketers.
ALTER TABLE "Postback" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Postback" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Postback"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])));
