-- Member care in the console (issue #23, decision 049): bans, and the reason an operator
-- gave for a credit adjustment.
ALTER TABLE "User" ADD COLUMN "bannedAt" TIMESTAMP(3), ADD COLUMN "banReason" VARCHAR(500);
ALTER TABLE "CreditTransaction" ADD COLUMN "note" VARCHAR(500);

-- A ban logs the member out everywhere: admins and moderators may read and end the sessions
-- of their sites' accounts (never create one: the member policy's WITH CHECK stays the only
-- one for INSERT and UPDATE).
CREATE POLICY operator_read ON "Session" FOR SELECT
  USING ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[]));
CREATE POLICY operator_end ON "Session" FOR DELETE
  USING ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator}'::text[]));
