-- CreateEnum
CREATE TYPE "PhotoRejectReason" AS ENUM ('not_recognisable', 'not_own', 'explicit', 'minor', 'contact_details', 'quality', 'other');

-- DropIndex
DROP INDEX "Profile_search_man_idx";

-- DropIndex
DROP INDEX "Profile_search_woman_idx";

-- AlterTable
ALTER TABLE "Photo" ADD COLUMN     "rejectReason" "PhotoRejectReason";

-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "hasPhoto" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Profile_search_woman_idx" ON "Profile"("poolId", "hasPhoto" DESC, "lastActiveAt" DESC, "id" DESC, "country", "region", "birthDate", "appearance") WHERE (status = 'active' AND NOT invisible AND gender = 'woman');

-- CreateIndex
CREATE INDEX "Profile_search_man_idx" ON "Profile"("poolId", "hasPhoto" DESC, "lastActiveAt" DESC, "id" DESC, "country", "region", "birthDate", "appearance") WHERE (status = 'active' AND NOT invisible AND gender = 'man');

-- Profile."hasPhoto" follows the photos: true while the profile has an approved main photo
-- (isMain AND status = 'active', the one rule of "the approved main photo"). A trigger keeps
-- it right whatever changes a photo (upload, review, main photo, delete, purge), in the
-- same transaction. It runs as the caller, so row-level security still applies, and only
-- writes when the value changes (the search indexes lead with it).
CREATE FUNCTION "profile_has_photo_refresh"(pool TEXT, profile INT) RETURNS void LANGUAGE sql AS $$
  UPDATE "Profile" p
  SET "hasPhoto" = has.value
  FROM (SELECT EXISTS (
    SELECT 1 FROM "Photo" ph
    WHERE ph."poolId" = pool AND ph."profileId" = profile AND ph."isMain" AND ph.status = 'active'
  ) AS value) has
  WHERE p."poolId" = pool AND p.id = profile AND p."hasPhoto" IS DISTINCT FROM has.value
$$;

CREATE FUNCTION "profile_has_photo_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "profile_has_photo_refresh"(OLD."poolId", OLD."profileId");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW."poolId", NEW."profileId") IS DISTINCT FROM (OLD."poolId", OLD."profileId")) THEN
    PERFORM "profile_has_photo_refresh"(NEW."poolId", NEW."profileId");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Photo_profile_has_photo"
AFTER INSERT OR DELETE OR UPDATE OF "isMain", status, "profileId", "poolId" ON "Photo"
FOR EACH ROW EXECUTE FUNCTION "profile_has_photo_sync"();

-- Existing profiles.
UPDATE "Profile" p SET "hasPhoto" = true
WHERE EXISTS (SELECT 1 FROM "Photo" ph WHERE ph."poolId" = p."poolId" AND ph."profileId" = p.id AND ph."isMain" AND ph.status = 'active');
