-- Decision 056: User's primary key is ("poolId", "tenantId", "id") and its e-mail is unique
-- per ("poolId", "tenantId"): the distribution column leads every key. The primary key
-- replaces the unique ("poolId", "tenantId", "id") that the account tables' foreign keys
-- used (Session, Token, CreditTransaction, PushSubscription, Profile, and any later table),
-- so those are dropped, the keys swapped, and each put back exactly as it was (read from
-- the catalogue). No row moves.
DO $$
DECLARE
  r record;
  readd text[] := '{}';
  stmt text;
BEGIN
  FOR r IN
    SELECT c.conrelid::regclass AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = '"User"'::regclass
  LOOP
    readd := readd || format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.tbl, r.conname, r.def);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.conname);
  END LOOP;

  DROP INDEX "User_poolId_tenantId_id_key";
  ALTER TABLE "User" DROP CONSTRAINT "User_pkey",
  ADD CONSTRAINT "User_pkey" PRIMARY KEY ("poolId", "tenantId", "id");

  FOREACH stmt IN ARRAY readd LOOP
    EXECUTE stmt;
  END LOOP;
END $$;

-- DropIndex
DROP INDEX "User_tenantId_email_key";

-- CreateIndex
CREATE UNIQUE INDEX "User_poolId_tenantId_email_key" ON "User"("poolId", "tenantId", "email");
