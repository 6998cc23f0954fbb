-- CreateEnum
CREATE TYPE "OperatorRole" AS ENUM ('admin', 'moderator', 'chatter', 'finance', 'marketer');

-- CreateEnum
CREATE TYPE "OperatorStatus" AS ENUM ('invited', 'active', 'disabled');

-- CreateEnum
CREATE TYPE "OperatorSessionStage" AS ENUM ('second_factor', 'enrol', 'full');

-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "claimedBy" TEXT,
ADD COLUMN     "claimedUntil" TIMESTAMP(3),
ADD COLUMN     "operated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "operatorId" TEXT,
ADD COLUMN     "photoId" INTEGER;

-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "aboutTexts" JSONB,
ADD COLUMN     "liveCam" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Operator" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT,
    "role" "OperatorRole" NOT NULL,
    "status" "OperatorStatus" NOT NULL DEFAULT 'invited',
    "allSites" BOOLEAN NOT NULL DEFAULT false,
    "pools" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sites" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "languages" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "locale" TEXT NOT NULL DEFAULT 'nl',
    "totpSecret" TEXT,
    "totpLastStep" INTEGER,
    "recoveryCodes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "maxChats" INTEGER NOT NULL DEFAULT 5,
    "available" BOOLEAN NOT NULL DEFAULT false,
    "lastSeenAt" TIMESTAMP(3),
    "lastAssignedAt" TIMESTAMP(3),
    "inviteHash" TEXT,
    "inviteExpiresAt" TIMESTAMP(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "Operator_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperatorSession" (
    "id" TEXT NOT NULL,
    "operatorId" TEXT NOT NULL,
    "stage" "OperatorSessionStage" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "userAgent" TEXT,
    "ip" TEXT,
    "pendingTotp" TEXT,

    CONSTRAINT "OperatorSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperatorAudit" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "operatorId" TEXT,
    "operatorEmail" TEXT NOT NULL,
    "role" "OperatorRole" NOT NULL,
    "action" VARCHAR(60) NOT NULL,
    "tenantId" TEXT,
    "poolId" TEXT,
    "targetType" VARCHAR(40),
    "targetId" VARCHAR(100),
    "before" JSONB,
    "after" JSONB,
    "ip" VARCHAR(64),

    CONSTRAINT "OperatorAudit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperatorNote" (
    "id" SERIAL NOT NULL,
    "poolId" TEXT NOT NULL,
    "profileId" INTEGER NOT NULL,
    "body" VARCHAR(2000) NOT NULL,
    "operatorId" TEXT NOT NULL,
    "operatorName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OperatorNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CannedReply" (
    "id" SERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "language" VARCHAR(5) NOT NULL,
    "title" VARCHAR(80) NOT NULL,
    "body" VARCHAR(2000) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CannedReply_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboxReply" (
    "id" SERIAL NOT NULL,
    "poolId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "conversationId" INTEGER NOT NULL,
    "messageId" TEXT NOT NULL,
    "operatorId" TEXT NOT NULL,
    "language" VARCHAR(5),
    "waitingSince" TIMESTAMP(3),
    "answeredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InboxReply_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Operator_email_key" ON "Operator"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Operator_inviteHash_key" ON "Operator"("inviteHash");

-- CreateIndex
CREATE INDEX "OperatorSession_operatorId_idx" ON "OperatorSession"("operatorId");

-- CreateIndex
CREATE INDEX "OperatorSession_expiresAt_idx" ON "OperatorSession"("expiresAt");

-- CreateIndex
CREATE INDEX "OperatorAudit_at_id_idx" ON "OperatorAudit"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "OperatorAudit_operatorId_at_idx" ON "OperatorAudit"("operatorId", "at" DESC);

-- CreateIndex
CREATE INDEX "OperatorAudit_action_at_idx" ON "OperatorAudit"("action", "at" DESC);

-- CreateIndex
CREATE INDEX "OperatorAudit_poolId_at_idx" ON "OperatorAudit"("poolId", "at" DESC);

-- CreateIndex
CREATE INDEX "OperatorAudit_targetType_targetId_idx" ON "OperatorAudit"("targetType", "targetId");

-- CreateIndex
CREATE INDEX "OperatorNote_poolId_profileId_createdAt_idx" ON "OperatorNote"("poolId", "profileId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "CannedReply_tenantId_language_idx" ON "CannedReply"("tenantId", "language");

-- CreateIndex
CREATE INDEX "InboxReply_poolId_answeredAt_idx" ON "InboxReply"("poolId", "answeredAt");

-- CreateIndex
CREATE INDEX "InboxReply_operatorId_answeredAt_idx" ON "InboxReply"("operatorId", "answeredAt");

-- CreateIndex
CREATE INDEX "Conversation_claimedBy_idx" ON "Conversation"("claimedBy");

-- AddForeignKey
ALTER TABLE "OperatorSession" ADD CONSTRAINT "OperatorSession_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The operator console's scope in the database (docs/decisions/023-operator-console.md).
-- A console transaction sets only app.operator_id. These functions read that operator's
-- row (active operators only) and give the pools and sites it is assigned, and its role;
-- every policy below gains a second branch that admits rows of those pools or sites, for
-- the roles that may see the table. Member requests never set app.operator_id, so their
-- branch is unchanged (and evaluated first). Policies call the functions as a scalar
-- subquery, so each runs once per statement (an InitPlan), not once per row.

CREATE FUNCTION dating_operator_role() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT o."role"::text FROM "Operator" o
   WHERE o."id" = nullif(current_setting('app.operator_id', true), '') AND o."status" = 'active'
$$;

-- Pools: assigned pools, the pools of assigned sites, or every pool (allSites).
CREATE FUNCTION dating_operator_pools() RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN o."allSites" THEN ARRAY(SELECT p."id" FROM "Pool" p)
         ELSE ARRAY(SELECT DISTINCT x FROM unnest(coalesce(o."pools", '{}') || ARRAY(SELECT t."poolId" FROM "Tenant" t WHERE t."id" = ANY (coalesce(o."sites", '{}')))) AS x)
         END
    FROM "Operator" o
   WHERE o."id" = nullif(current_setting('app.operator_id', true), '') AND o."status" = 'active'
$$;

-- Sites: assigned sites, every site of assigned pools, or every site (allSites).
CREATE FUNCTION dating_operator_tenants() RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN o."allSites" THEN ARRAY(SELECT t."id" FROM "Tenant" t)
         ELSE ARRAY(SELECT t."id" FROM "Tenant" t WHERE t."id" = ANY (coalesce(o."sites", '{}')) OR t."poolId" = ANY (coalesce(o."pools", '{}')))
         END
    FROM "Operator" o
   WHERE o."id" = nullif(current_setting('app.operator_id', true), '') AND o."status" = 'active'
$$;

-- Pool-scoped tables every role may read in its pools.
ALTER POLICY pool_isolation ON "Block"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER POLICY pool_isolation ON "Like"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER POLICY pool_isolation ON "Swipe"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER POLICY pool_isolation ON "MediaDeletion"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER POLICY pool_isolation ON "Photo"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER POLICY pool_isolation ON "PhotoUnlock"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER POLICY pool_isolation ON "Profile"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

-- Conversations and messages: chatters only those with a fictional profile (operated),
-- never two members talking to each other.
ALTER POLICY pool_isolation ON "Conversation"
  USING ("poolId" = current_setting('app.pool_id', true) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND ("operated" OR (SELECT dating_operator_role()) <> 'chatter')))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND ("operated" OR (SELECT dating_operator_role()) <> 'chatter')));

ALTER POLICY pool_isolation ON "Message"
  USING ("poolId" = current_setting('app.pool_id', true) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND ((SELECT dating_operator_role()) <> 'chatter' OR EXISTS (SELECT 1 FROM "Conversation" c WHERE c."poolId" = "Message"."poolId" AND c."id" = "Message"."conversationId" AND c."operated"))))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND ((SELECT dating_operator_role()) <> 'chatter' OR EXISTS (SELECT 1 FROM "Conversation" c WHERE c."poolId" = "Message"."poolId" AND c."id" = "Message"."conversationId" AND c."operated"))));

-- Member accounts (e-mail addresses): never chatters.
ALTER POLICY tenant_isolation ON "User"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator,finance,marketer}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator,finance,marketer}'::text[])));

-- Complaints: admins, moderators, finance.
ALTER POLICY tenant_isolation ON "Complaint"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator,finance}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator,finance}'::text[])));

-- Money: admins and finance only.
ALTER POLICY tenant_isolation ON "CreditTransaction"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])));

ALTER POLICY tenant_isolation ON "Payment"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])));

ALTER POLICY tenant_isolation ON "PaymentCustomer"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])));

ALTER POLICY tenant_isolation ON "DiscountCode"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])));

ALTER POLICY tenant_isolation ON "DiscountRedemption"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,finance}'::text[])));

-- Lander figures: admins and marketers.
ALTER POLICY tenant_isolation ON "LanderStat"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,marketer}'::text[])));

-- Sessions, tokens, outbox mails and push subscriptions stay the members' own: no operator branch.

-- New scoped tables of the console.
ALTER TABLE "OperatorNote" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "OperatorNote" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "OperatorNote"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER TABLE "InboxReply" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "InboxReply" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "InboxReply"
  USING ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR "poolId" = ANY ((SELECT dating_operator_pools())::text[]));

ALTER TABLE "CannedReply" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "CannedReply" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "CannedReply"
  USING ("tenantId" = current_setting('app.tenant_id', true) OR "tenantId" = ANY ((SELECT dating_operator_tenants())::text[]))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true) OR "tenantId" = ANY ((SELECT dating_operator_tenants())::text[]));

-- The audit log: anyone may append (the app writes it in the action's transaction); admins
-- read the rows of their pools and those that belong to no pool (operator management).
-- No UPDATE or DELETE policy, no such grant (scripts/lib/database.ts), and a trigger that
-- refuses both (and TRUNCATE) even to the owner: the log is append-only.
ALTER TABLE "OperatorAudit" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "OperatorAudit" FORCE ROW LEVEL SECURITY;
CREATE POLICY audit_append ON "OperatorAudit" FOR INSERT WITH CHECK (true);
CREATE POLICY audit_read ON "OperatorAudit" FOR SELECT
  USING ((SELECT dating_operator_role()) = 'admin' AND ("poolId" IS NULL OR "poolId" = ANY ((SELECT dating_operator_pools())::text[])));

CREATE FUNCTION dating_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operator audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON "OperatorAudit" FOR EACH ROW EXECUTE FUNCTION dating_audit_append_only();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON "OperatorAudit" FOR EACH STATEMENT EXECUTE FUNCTION dating_audit_append_only();

-- A fictional profile stays fictional: the flag can be set, never cleared.
CREATE FUNCTION dating_keep_fictional() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."fictional" AND NOT NEW."fictional" THEN
    RAISE EXCEPTION 'a fictional profile stays fictional' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER profile_keep_fictional BEFORE UPDATE OF "fictional" ON "Profile" FOR EACH ROW EXECUTE FUNCTION dating_keep_fictional();

-- Conversations that exist already: operated when one side is fictional. The owner is
-- subject to the forced policies too (it sets no scope here), so they are lifted meanwhile.
ALTER TABLE "Conversation" NO FORCE ROW LEVEL SECURITY;
ALTER TABLE "Profile" NO FORCE ROW LEVEL SECURITY;
UPDATE "Conversation" c SET "operated" = true
 WHERE EXISTS (SELECT 1 FROM "Profile" p WHERE p."poolId" = c."poolId" AND p."id" IN (c."profileAId", c."profileBId") AND p."fictional");
-- The fictional profiles the live cams showed so far (every fictional one) stay there.
UPDATE "Profile" SET "liveCam" = true WHERE "fictional";
ALTER TABLE "Conversation" FORCE ROW LEVEL SECURITY;
ALTER TABLE "Profile" FORCE ROW LEVEL SECURITY;
