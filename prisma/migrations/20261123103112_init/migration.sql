-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "UserStatus" AS ENUM ('not_confirmed', 'active', 'deleted');

-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('man', 'woman');

-- CreateEnum
CREATE TYPE "Sexuality" AS ENUM ('hetero', 'gay', 'lesbian', 'bi');

-- CreateEnum
CREATE TYPE "ProfileStatus" AS ENUM ('disabled', 'active', 'deleted');

-- CreateEnum
CREATE TYPE "PhotoStatus" AS ENUM ('inspection', 'active', 'rejected');

-- CreateTable
CREATE TABLE "Pool" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tenant" (
    "id" TEXT NOT NULL,
    "poolId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "domains" TEXT[],
    "configVersion" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "status" "UserStatus" NOT NULL DEFAULT 'not_confirmed',
    "credits" INTEGER NOT NULL DEFAULT 0,
    "paidUser" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "signupDate" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Profile" (
    "id" SERIAL NOT NULL,
    "poolId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "userId" TEXT,
    "name" TEXT NOT NULL,
    "gender" "Gender" NOT NULL,
    "sexuality" "Sexuality" NOT NULL DEFAULT 'hetero',
    "birthDate" DATE NOT NULL,
    "country" TEXT NOT NULL,
    "region" TEXT,
    "city" TEXT,
    "about" TEXT,
    "status" "ProfileStatus" NOT NULL DEFAULT 'disabled',
    "fictional" BOOLEAN NOT NULL DEFAULT false,
    "invisible" BOOLEAN NOT NULL DEFAULT false,
    "lastActiveAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Photo" (
    "id" SERIAL NOT NULL,
    "poolId" TEXT NOT NULL,
    "profileId" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "thumbFilename" TEXT NOT NULL,
    "status" "PhotoStatus" NOT NULL DEFAULT 'inspection',
    "isMain" BOOLEAN NOT NULL DEFAULT false,
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Photo_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Tenant_poolId_idx" ON "Tenant"("poolId");

-- CreateIndex
CREATE UNIQUE INDEX "User_tenantId_email_key" ON "User"("tenantId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_userId_key" ON "Profile"("userId");

-- CreateIndex
CREATE INDEX "Profile_poolId_status_gender_lastActiveAt_id_idx" ON "Profile"("poolId", "status", "gender", "lastActiveAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Profile_poolId_id_idx" ON "Profile"("poolId", "id");

-- CreateIndex
CREATE INDEX "Photo_poolId_profileId_position_idx" ON "Photo"("poolId", "profileId", "position");

-- AddForeignKey
ALTER TABLE "Tenant" ADD CONSTRAINT "Tenant_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Photo" ADD CONSTRAINT "Photo_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Photo" ADD CONSTRAINT "Photo_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security (docs/decisions/002-row-level-security.md).
-- The app connects as a role that does not own these tables and has no BYPASSRLS, and
-- sets app.tenant_id / app.pool_id per transaction. current_setting(..., true) is NULL
-- when unset (or '' after a reset), and NULL/'' never equals a key: unset matches nothing.
ALTER TABLE "User" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "User" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "User"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));

ALTER TABLE "Profile" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Profile" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "Profile"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));

ALTER TABLE "Photo" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Photo" FORCE ROW LEVEL SECURITY;
CREATE POLICY pool_isolation ON "Photo"
  USING ("poolId" = current_setting('app.pool_id', true))
  WITH CHECK ("poolId" = current_setting('app.pool_id', true));
