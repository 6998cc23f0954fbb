-- Statistics in the console (issue #23, decision 051) count from the tables of record:
-- marketers read (never write) payments, the credit ledger and complaints of their sites.
CREATE POLICY marketer_read ON "Payment" FOR SELECT
  USING ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = 'marketer');
CREATE POLICY marketer_read ON "CreditTransaction" FOR SELECT
  USING ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = 'marketer');
CREATE POLICY marketer_read ON "Complaint" FOR SELECT
  USING ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = 'marketer');
