-- Decision 056: a profile points at its account by ("poolId", "tenantId", "userId"), so the
-- foreign key carries the distribution column on both sides and a profile can never hang
-- from another site's or pool's account. It was ON DELETE SET NULL; it is RESTRICT now
-- (Prisma cannot null only "userId" of a composite key): the purge already clears "userId"
-- or deletes the profile before it deletes the account (accounts/deletion.server.ts).

-- DropForeignKey
ALTER TABLE "Profile" DROP CONSTRAINT "Profile_userId_fkey";

-- DropIndex
DROP INDEX "Profile_userId_key";

-- CreateIndex
CREATE UNIQUE INDEX "Profile_poolId_tenantId_userId_key" ON "Profile"("poolId", "tenantId", "userId");

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_poolId_tenantId_userId_fkey" FOREIGN KEY ("poolId", "tenantId", "userId") REFERENCES "User"("poolId", "tenantId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
