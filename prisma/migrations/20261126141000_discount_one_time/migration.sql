-- Discount codes made in the console (issue #23, decision 050): a one-time code is used up
-- by its first paid purchase, whoever made it; other codes once per member.
ALTER TABLE "DiscountCode" ADD COLUMN "oneTime" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "DiscountCode" ADD COLUMN "createdBy" TEXT;
