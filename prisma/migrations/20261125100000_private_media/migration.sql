-- Private media (docs/decisions/008-private-media.md):
-- - Photo's profile key carries the pool, like Block, Like and Swipe: a photo row can never
--   point at a profile of another pool.
-- - The media route finds a photo by its storage key within the pool.
-- - MediaDeletion: files to remove once the transaction that queued them has committed.

-- DropForeignKey
ALTER TABLE "Photo" DROP CONSTRAINT "Photo_profileId_fkey";

-- CreateTable
CREATE TABLE "MediaDeletion" (
    "id" SERIAL NOT NULL,
    "poolId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MediaDeletion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MediaDeletion_poolId_createdAt_idx" ON "MediaDeletion"("poolId", "createdAt");

-- CreateIndex
CREATE INDEX "Photo_poolId_filename_idx" ON "Photo"("poolId", "filename");

-- CreateIndex
CREATE INDEX "Photo_poolId_thumbFilename_idx" ON "Photo"("poolId", "thumbFilename");

-- AddForeignKey
ALTER TABLE "Photo" ADD CONSTRAINT "Photo_poolId_profileId_fkey" FOREIGN KEY ("poolId", "profileId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: one pool's queued deletions are invisible to every other pool.
ALTER TABLE "MediaDeletion" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MediaDeletion" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "MediaDeletion"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));
