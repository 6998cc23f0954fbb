-- CreateEnum
CREATE TYPE "RelationshipStatus" AS ENUM ('divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed');

-- CreateEnum
CREATE TYPE "BodyType" AS ENUM ('slim', 'normal', 'fat');

-- AlterTable
ALTER TABLE "Photo" ADD COLUMN     "height" INTEGER,
ADD COLUMN     "reviewedAt" TIMESTAMP(3),
ADD COLUMN     "width" INTEGER;

-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "appearance" TEXT,
ADD COLUMN     "bodyType" "BodyType",
ADD COLUMN     "eyeColour" TEXT,
ADD COLUMN     "hairColour" TEXT,
ADD COLUMN     "interests" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "relationshipStatus" "RelationshipStatus",
ADD COLUMN     "tattoos" TEXT;

-- CreateIndex
CREATE INDEX "Photo_poolId_status_createdAt_idx" ON "Photo"("poolId", "status", "createdAt");
