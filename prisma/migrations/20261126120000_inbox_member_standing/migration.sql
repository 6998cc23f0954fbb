-- What a chatter sees of a member's account in the inbox (issue #21): credits, paid status,
-- signup date; never the e-mail address or payments. Chatters have no read access to
-- "User" (migration 20261126100836); this function is their one window, for members of the
-- operator's pools only. It runs with its owner's rights (SECURITY DEFINER); the owner is
-- subject to the forced policies too, so "User" admits rows read inside such a function
-- (current_user differs from session_user there and nowhere else) for the operator's sites.
CREATE FUNCTION dating_member_standing(profile_ids integer[])
RETURNS TABLE ("profileId" integer, "credits" integer, "paidUser" boolean, "signupDate" timestamp(3), "locale" text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT p."id", u."credits", u."paidUser", u."signupDate", u."locale"
    FROM "Profile" p JOIN "User" u ON u."id" = p."userId"
   WHERE p."id" = ANY (profile_ids)
     AND p."poolId" = ANY (coalesce(dating_operator_pools(), '{}'))
     AND u."tenantId" = ANY (coalesce(dating_operator_tenants(), '{}'))
$$;
REVOKE ALL ON FUNCTION dating_member_standing(integer[]) FROM PUBLIC;

ALTER POLICY tenant_isolation ON "User"
  USING ("tenantId" = current_setting('app.tenant_id', true)
    OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND ((SELECT dating_operator_role()) = ANY ('{admin,moderator,finance,marketer}'::text[]) OR current_user <> session_user)))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true)
    OR ("tenantId" = ANY ((SELECT dating_operator_tenants())::text[]) AND (SELECT dating_operator_role()) = ANY ('{admin,moderator,finance,marketer}'::text[])));
