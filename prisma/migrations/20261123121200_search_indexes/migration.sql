-- CreateIndex
CREATE INDEX "Profile_search_woman_idx" ON "Profile"("poolId", "lastActiveAt" DESC, "id" DESC, "country", "region", "birthDate", "appearance") WHERE (status = 'active' AND NOT invisible AND gender = 'woman');

-- CreateIndex
CREATE INDEX "Profile_search_man_idx" ON "Profile"("poolId", "lastActiveAt" DESC, "id" DESC, "country", "region", "birthDate", "appearance") WHERE (status = 'active' AND NOT invisible AND gender = 'man');

-- CreateIndex
CREATE INDEX "Profile_showcase_idx" ON "Profile"("poolId", "lastActiveAt" DESC, "id" DESC) WHERE (status = 'active' AND NOT invisible);
