-- Ready to shard by pool (docs/operations.md, "Past one Postgres"; decision 056): the
-- profile side's primary keys include "poolId", the distribution column. For Conversation
-- and Photo the unique ("poolId", "id") that the pool-scoped foreign keys used becomes the
-- primary key itself, so the foreign keys to them are dropped and put back exactly as they
-- were (read from the catalogue, so a table added by another migration is carried along).
-- Only keys change: no row moves.
DO $$
DECLARE
  r record;
  readd text[] := '{}';
  stmt text;
BEGIN
  FOR r IN
    SELECT c.conrelid::regclass AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid IN ('"Conversation"'::regclass, '"Photo"'::regclass)
  LOOP
    readd := readd || format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.tbl, r.conname, r.def);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.conname);
  END LOOP;

  DROP INDEX "Conversation_poolId_id_key";
  DROP INDEX "Photo_poolId_id_key";
  ALTER TABLE "Conversation" DROP CONSTRAINT "Conversation_pkey", ADD CONSTRAINT "Conversation_pkey" PRIMARY KEY ("poolId", "id");
  ALTER TABLE "Photo" DROP CONSTRAINT "Photo_pkey", ADD CONSTRAINT "Photo_pkey" PRIMARY KEY ("poolId", "id");

  FOREACH stmt IN ARRAY readd LOOP
    EXECUTE stmt;
  END LOOP;
END $$;

-- AlterTable
ALTER TABLE "InboxReply" DROP CONSTRAINT "InboxReply_pkey",
ADD CONSTRAINT "InboxReply_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "MediaDeletion" DROP CONSTRAINT "MediaDeletion_pkey",
ADD CONSTRAINT "MediaDeletion_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "Message" DROP CONSTRAINT "Message_pkey",
ADD CONSTRAINT "Message_pkey" PRIMARY KEY ("poolId", "id");

-- AlterTable
ALTER TABLE "OperatorNote" DROP CONSTRAINT "OperatorNote_pkey",
ADD CONSTRAINT "OperatorNote_pkey" PRIMARY KEY ("poolId", "id");
