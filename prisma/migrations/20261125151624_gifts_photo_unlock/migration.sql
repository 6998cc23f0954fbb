-- Gifts and photo unlocks (docs/decisions/017-gifts-and-photo-unlock.md).

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "gift" TEXT;
-- A gift carries no text.
ALTER TABLE "Message" ADD CONSTRAINT "Message_gift_without_body" CHECK ("gift" IS NULL OR "body" = '');

-- CreateTable
CREATE TABLE "PhotoUnlock" (
    "poolId" TEXT NOT NULL,
    "viewerId" INTEGER NOT NULL,
    "photoId" INTEGER NOT NULL,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PhotoUnlock_pkey" PRIMARY KEY ("poolId","viewerId","photoId"),
    CONSTRAINT "PhotoUnlock_credits_nonnegative" CHECK ("credits" >= 0)
);

-- CreateIndex
CREATE INDEX "PhotoUnlock_poolId_photoId_idx" ON "PhotoUnlock"("poolId", "photoId");

-- CreateIndex
CREATE UNIQUE INDEX "Photo_poolId_id_key" ON "Photo"("poolId", "id");

-- AddForeignKey
ALTER TABLE "PhotoUnlock" ADD CONSTRAINT "PhotoUnlock_poolId_viewerId_fkey" FOREIGN KEY ("poolId", "viewerId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PhotoUnlock" ADD CONSTRAINT "PhotoUnlock_poolId_photoId_fkey" FOREIGN KEY ("poolId", "photoId") REFERENCES "Photo"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: an unlock belongs to the pool, like the photo and the viewer it joins.
ALTER TABLE "PhotoUnlock" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "PhotoUnlock" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "PhotoUnlock"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));
