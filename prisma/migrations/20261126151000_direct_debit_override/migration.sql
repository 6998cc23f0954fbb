-- Direct debit per member, changeable in member care (decision 054): 'allowed' lifts the
-- automatic block (a chargeback or a bounced debit), 'blocked' blocks regardless; NULL
-- follows the rule. A limit per 30 days in cents of this member instead of the site's.
ALTER TABLE "User" ADD COLUMN "directDebit" TEXT;
ALTER TABLE "User" ADD COLUMN "directDebitLimit" INTEGER;
