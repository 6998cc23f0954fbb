-- Campaigns by e-mail and/or web push (decision 054): the channels a campaign sends on, and
-- how many push messages each member's copy queued (one per subscription, once).
ALTER TABLE "Campaign" ADD COLUMN "channels" TEXT[] DEFAULT ARRAY['email']::TEXT[];
ALTER TABLE "CampaignSend" ADD COLUMN "pushes" INTEGER NOT NULL DEFAULT 0;
