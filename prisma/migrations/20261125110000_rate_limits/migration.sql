-- Abuse limits (docs/decisions/009-abuse-limits.md): one table for rate-limiter-flexible's
-- Postgres store, replacing the login-only "LoginThrottle". No row-level security: the keys
-- are made by the server, carry the site where it matters, and are never shown to anyone.

-- DropTable
DROP TABLE "LoginThrottle";

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimit_expire_idx" ON "RateLimit"("expire");
