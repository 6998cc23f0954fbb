-- Reports and safety (issue #23, decision 053): members report profiles and messages,
-- moderators warn, hide photos and ban from /reports; member-to-member messages with contact
-- details, links or money requests are held for a moderator where the site says so.
-- CreateEnum
CREATE TYPE "ReportReason" AS ENUM ('scam', 'fake', 'harassment', 'underage', 'spam', 'other');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('open', 'dismissed', 'actioned');

-- CreateEnum
CREATE TYPE "HoldStatus" AS ENUM ('held', 'released', 'rejected');

-- AlterEnum
ALTER TYPE "CreditReason" ADD VALUE 'held_message_refund';

-- CreateTable
CREATE TABLE "Report" (
    "poolId" TEXT NOT NULL,
    "id" SERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "reporterId" INTEGER NOT NULL,
    "targetId" INTEGER NOT NULL,
    "messageId" TEXT,
    "reason" "ReportReason" NOT NULL,
    "note" VARCHAR(500),
    "status" "ReportStatus" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedBy" TEXT,
    "decision" VARCHAR(20),

    CONSTRAINT "Report_pkey" PRIMARY KEY ("poolId","id")
);

-- CreateTable
CREATE TABLE "MemberWarning" (
    "poolId" TEXT NOT NULL,
    "id" SERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "profileId" INTEGER NOT NULL,
    "reason" "ReportReason" NOT NULL,
    "operatorId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" TIMESTAMP(3),

    CONSTRAINT "MemberWarning_pkey" PRIMARY KEY ("poolId","id")
);

-- CreateTable
CREATE TABLE "MessageHold" (
    "poolId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "conversationId" INTEGER NOT NULL,
    "senderId" INTEGER NOT NULL,
    "recipientId" INTEGER NOT NULL,
    "reasons" TEXT[],
    "status" "HoldStatus" NOT NULL DEFAULT 'held',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedBy" TEXT,
    "refunded" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "MessageHold_pkey" PRIMARY KEY ("poolId","messageId")
);

-- CreateIndex
CREATE INDEX "Report_poolId_status_createdAt_idx" ON "Report"("poolId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Report_poolId_targetId_createdAt_idx" ON "Report"("poolId", "targetId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "MemberWarning_poolId_profileId_seenAt_idx" ON "MemberWarning"("poolId", "profileId", "seenAt");

-- CreateIndex
CREATE INDEX "MessageHold_poolId_status_createdAt_idx" ON "MessageHold"("poolId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "MessageHold_poolId_senderId_status_idx" ON "MessageHold"("poolId", "senderId", "status");

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_poolId_reporterId_fkey" FOREIGN KEY ("poolId", "reporterId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_poolId_targetId_fkey" FOREIGN KEY ("poolId", "targetId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemberWarning" ADD CONSTRAINT "MemberWarning_poolId_profileId_fkey" FOREIGN KEY ("poolId", "profileId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageHold" ADD CONSTRAINT "MessageHold_poolId_conversationId_fkey" FOREIGN KEY ("poolId", "conversationId") REFERENCES "Conversation"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One open report per reporter and target (a profile, or one message of it): a repeat finds
-- this row instead of adding one. Closed reports do not count, so a later report is new.
CREATE UNIQUE INDEX "Report_open_key" ON "Report"("poolId", "reporterId", "targetId", (COALESCE("messageId", ''))) WHERE "status" = 'open';

-- Members: rows of their own site (reports, warnings) or pool (holds, like Message); the
-- app narrows to the member's own profile. Operators: admins and moderators of the pool.
ALTER TABLE "Report" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Report" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "Report"
  USING (("poolId" = current_setting('app.pool_id', true) AND "tenantId" = current_setting('app.tenant_id', true)) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[])))
  WITH CHECK (("poolId" = current_setting('app.pool_id', true) AND "tenantId" = current_setting('app.tenant_id', true)) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[])));

ALTER TABLE "MemberWarning" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MemberWarning" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "MemberWarning"
  USING (("poolId" = current_setting('app.pool_id', true) AND "tenantId" = current_setting('app.tenant_id', true)) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[])))
  WITH CHECK (("poolId" = current_setting('app.pool_id', true) AND "tenantId" = current_setting('app.tenant_id', true)) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[])));

ALTER TABLE "MessageHold" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MessageHold" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "MessageHold"
  USING ("poolId" = current_setting('app.pool_id', true) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[])))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true) OR ("poolId" = ANY ((SELECT dating_operator_pools())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[])));
