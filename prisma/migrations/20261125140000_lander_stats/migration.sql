-- CreateTable
CREATE TABLE "LanderStat" (
    "tenantId" TEXT NOT NULL,
    "lander" VARCHAR(41) NOT NULL,
    "variant" VARCHAR(41) NOT NULL,
    "source" VARCHAR(100) NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "signups" INTEGER NOT NULL DEFAULT 0,
    "activations" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LanderStat_pkey" PRIMARY KEY ("tenantId","lander","variant","source")
);

-- Row-level security: a site's lander figures are the site's own.
ALTER TABLE "LanderStat" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "LanderStat" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "LanderStat"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
