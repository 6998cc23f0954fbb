-- A block (and, from the next migration, a like or a swipe) joins two members of one pool:
-- the foreign keys carry the pool, so a row can never point at a member of another pool,
-- whatever the code above it does.

-- DropForeignKey
ALTER TABLE "Block" DROP CONSTRAINT "Block_blockedId_fkey";

-- DropForeignKey
ALTER TABLE "Block" DROP CONSTRAINT "Block_blockerId_fkey";

-- DropIndex
DROP INDEX "Profile_poolId_id_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Profile_poolId_id_key" ON "Profile"("poolId", "id");

-- AddForeignKey
ALTER TABLE "Block" ADD CONSTRAINT "Block_poolId_blockerId_fkey" FOREIGN KEY ("poolId", "blockerId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Block" ADD CONSTRAINT "Block_poolId_blockedId_fkey" FOREIGN KEY ("poolId", "blockedId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
