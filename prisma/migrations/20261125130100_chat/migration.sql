-- Conversations and messages (docs/decisions/013-chat-and-ledger.md): pool-scoped like likes
-- and blocks, with foreign keys that carry the pool.

-- CreateTable
CREATE TABLE "Conversation" (
    "id" SERIAL NOT NULL,
    "poolId" TEXT NOT NULL,
    "profileAId" INTEGER NOT NULL,
    "profileBId" INTEGER NOT NULL,
    "startedById" INTEGER NOT NULL,
    "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hiddenAtA" TIMESTAMP(3),
    "hiddenAtB" TIMESTAMP(3),
    "operatorWaitingFor" INTEGER,
    "operatorWaitingSince" TIMESTAMP(3),
    "operatorLanguage" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Conversation_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Conversation_pair_ordered" CHECK ("profileAId" < "profileBId"),
    CONSTRAINT "Conversation_starter_in_pair" CHECK ("startedById" IN ("profileAId", "profileBId"))
);

-- CreateTable
CREATE TABLE "Message" (
    "id" TEXT NOT NULL,
    "poolId" TEXT NOT NULL,
    "conversationId" INTEGER NOT NULL,
    "senderId" INTEGER NOT NULL,
    "recipientId" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "deliveredAt" TIMESTAMP(3),
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Message_not_to_self" CHECK ("senderId" <> "recipientId"),
    CONSTRAINT "Message_credits_nonnegative" CHECK ("credits" >= 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_poolId_profileAId_profileBId_key" ON "Conversation"("poolId", "profileAId", "profileBId");

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_poolId_id_key" ON "Conversation"("poolId", "id");

-- CreateIndex
CREATE INDEX "Conversation_poolId_profileBId_idx" ON "Conversation"("poolId", "profileBId");

-- CreateIndex
CREATE INDEX "Conversation_poolId_startedById_idx" ON "Conversation"("poolId", "startedById");

-- CreateIndex: the operator inbox, oldest waiting first.
CREATE INDEX "Conversation_poolId_operatorWaitingSince_idx" ON "Conversation"("poolId", "operatorWaitingSince");

-- CreateIndex
CREATE INDEX "Message_poolId_conversationId_createdAt_idx" ON "Message"("poolId", "conversationId", "createdAt");

-- CreateIndex
CREATE INDEX "Message_poolId_recipientId_readAt_idx" ON "Message"("poolId", "recipientId", "readAt");

-- CreateIndex
CREATE INDEX "Message_poolId_senderId_deliveredAt_idx" ON "Message"("poolId", "senderId", "deliveredAt");

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_poolId_profileAId_fkey" FOREIGN KEY ("poolId", "profileAId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_poolId_profileBId_fkey" FOREIGN KEY ("poolId", "profileBId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_poolId_conversationId_fkey" FOREIGN KEY ("poolId", "conversationId") REFERENCES "Conversation"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_poolId_senderId_fkey" FOREIGN KEY ("poolId", "senderId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_poolId_recipientId_fkey" FOREIGN KEY ("poolId", "recipientId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: conversations and messages belong to the pool, like the profiles they join.
ALTER TABLE "Conversation" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Conversation" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "Conversation"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));

ALTER TABLE "Message" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Message" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "Message"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));
