-- Decision 056: Profile's primary key is ("poolId", "id"), the distribution column first. It
-- replaces the unique ("poolId", "id") that every pool-scoped foreign key to Profile used
-- (Block, Like, Swipe, Photo, PhotoUnlock, Conversation, Message, and any later table), so
-- those are dropped, the keys swapped, and each put back exactly as it was (read from the
-- catalogue, so a table added by another migration is carried along). No row moves.
DO $$
DECLARE
  r record;
  readd text[] := '{}';
  stmt text;
BEGIN
  FOR r IN
    SELECT c.conrelid::regclass AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = '"Profile"'::regclass
  LOOP
    readd := readd || format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.tbl, r.conname, r.def);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.conname);
  END LOOP;

  DROP INDEX "Profile_poolId_id_key";
  ALTER TABLE "Profile" DROP CONSTRAINT "Profile_pkey",
  ADD CONSTRAINT "Profile_pkey" PRIMARY KEY ("poolId", "id");

  FOREACH stmt IN ARRAY readd LOOP
    EXECUTE stmt;
  END LOOP;
END $$;
