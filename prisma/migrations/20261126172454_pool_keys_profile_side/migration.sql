-- Ready to shard by pool (docs/operations.md, "Past one Postgres"; decision 056): the
-- profile side's primary keys include "poolId", the distribution column. The unique
-- ("poolId", "id") that the pool-scoped foreign keys used becomes the primary key itself, so
-- those foreign keys are dropped and put back on it. Only keys change: no row moves.

-- DropForeignKey (they depend on the unique indexes replaced below)
ALTER TABLE "Message" DROP CONSTRAINT "Message_poolId_conversationId_fkey";
ALTER TABLE "PhotoUnlock" DROP CONSTRAINT "PhotoUnlock_poolId_photoId_fkey";

-- DropIndex
DROP INDEX "Conversation_poolId_id_key";

-- DropIndex
DROP INDEX "Photo_poolId_id_key";

-- AlterTable
ALTER TABLE "Conversation" DROP CONSTRAINT "Conversation_pkey",
ADD CONSTRAINT "Conversation_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "InboxReply" DROP CONSTRAINT "InboxReply_pkey",
ADD CONSTRAINT "InboxReply_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "MediaDeletion" DROP CONSTRAINT "MediaDeletion_pkey",
ADD CONSTRAINT "MediaDeletion_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "Message" DROP CONSTRAINT "Message_pkey",
ADD CONSTRAINT "Message_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "OperatorNote" DROP CONSTRAINT "OperatorNote_pkey",
ADD CONSTRAINT "OperatorNote_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "Photo" DROP CONSTRAINT "Photo_pkey",
ADD CONSTRAINT "Photo_pkey" PRIMARY KEY ("poolId", "id");

-- AddForeignKey (on the new primary keys)
ALTER TABLE "Message" ADD CONSTRAINT "Message_poolId_conversationId_fkey" FOREIGN KEY ("poolId", "conversationId") REFERENCES "Conversation"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PhotoUnlock" ADD CONSTRAINT "PhotoUnlock_poolId_photoId_fkey" FOREIGN KEY ("poolId", "photoId") REFERENCES "Photo"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
