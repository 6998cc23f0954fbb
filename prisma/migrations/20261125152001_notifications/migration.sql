-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "dedupeKey" TEXT,
ADD COLUMN     "headers" JSONB,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "sentAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "disabledAlertDismissedAt" TIMESTAMP(3),
ADD COLUMN     "emailKinds" TEXT[] DEFAULT ARRAY['new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'weekly_updates', 'reminders']::TEXT[],
ADD COLUMN     "lastHiddenAt" TIMESTAMP(3),
ADD COLUMN     "notificationsDisabled" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "pushAlertDismissedAt" TIMESTAMP(3),
ADD COLUMN     "pushKinds" TEXT[] DEFAULT ARRAY['new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'weekly_updates', 'reminders']::TEXT[],
ADD COLUMN     "remindedAt" TIMESTAMP(3),
ADD COLUMN     "weeklyAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "locale" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSentAt" TIMESTAMP(3),

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PushSubscription_tenantId_userId_idx" ON "PushSubscription"("tenantId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_tenantId_endpoint_key" ON "PushSubscription"("tenantId", "endpoint");

-- CreateIndex
CREATE INDEX "OutboxMail_tenantId_sentAt_createdAt_idx" ON "OutboxMail"("tenantId", "sentAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMail_tenantId_dedupeKey_key" ON "OutboxMail"("tenantId", "dedupeKey");

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Mails written before the outbox became a queue were delivered (or kept for the mailbox) then.
UPDATE "OutboxMail" SET "sentAt" = "createdAt" WHERE "sentAt" IS NULL;

-- Row-level security: a site's push subscriptions are the site's own (decision 002).
ALTER TABLE "PushSubscription" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "PushSubscription" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "PushSubscription"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
