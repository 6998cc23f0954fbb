-- CreateEnum
CREATE TYPE "LikeOrigin" AS ENUM ('profile', 'search', 'likes', 'popup', 'swipe', 'auto');

-- CreateEnum
CREATE TYPE "SwipeVote" AS ENUM ('like', 'skip');

-- CreateTable
CREATE TABLE "Like" (
    "poolId" TEXT NOT NULL,
    "likerId" INTEGER NOT NULL,
    "likedId" INTEGER NOT NULL,
    "origin" "LikeOrigin" NOT NULL,
    "isNew" BOOLEAN NOT NULL DEFAULT true,
    "matchedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Like_pkey" PRIMARY KEY ("poolId","likerId","likedId")
);

-- CreateTable
CREATE TABLE "Swipe" (
    "poolId" TEXT NOT NULL,
    "profileId" INTEGER NOT NULL,
    "targetId" INTEGER NOT NULL,
    "vote" "SwipeVote" NOT NULL,
    "day" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Swipe_pkey" PRIMARY KEY ("poolId","profileId","targetId")
);

-- CreateIndex
CREATE INDEX "Like_poolId_likedId_createdAt_likerId_idx" ON "Like"("poolId", "likedId", "createdAt" DESC, "likerId" DESC);

-- CreateIndex
CREATE INDEX "Like_poolId_likerId_createdAt_likedId_idx" ON "Like"("poolId", "likerId", "createdAt" DESC, "likedId" DESC);

-- CreateIndex
CREATE INDEX "Like_poolId_likerId_matchedAt_likedId_idx" ON "Like"("poolId", "likerId", "matchedAt" DESC, "likedId" DESC);

-- CreateIndex
CREATE INDEX "Swipe_poolId_profileId_day_idx" ON "Swipe"("poolId", "profileId", "day");

-- CreateIndex
CREATE INDEX "Swipe_poolId_targetId_idx" ON "Swipe"("poolId", "targetId");

-- AddForeignKey
ALTER TABLE "Like" ADD CONSTRAINT "Like_poolId_likerId_fkey" FOREIGN KEY ("poolId", "likerId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Like" ADD CONSTRAINT "Like_poolId_likedId_fkey" FOREIGN KEY ("poolId", "likedId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Swipe" ADD CONSTRAINT "Swipe_poolId_profileId_fkey" FOREIGN KEY ("poolId", "profileId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Swipe" ADD CONSTRAINT "Swipe_poolId_targetId_fkey" FOREIGN KEY ("poolId", "targetId") REFERENCES "Profile"("poolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: likes and swipes belong to the pool, like the profiles they join.
ALTER TABLE "Like" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Like" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "Like"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));

ALTER TABLE "Swipe" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Swipe" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "Swipe"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));
