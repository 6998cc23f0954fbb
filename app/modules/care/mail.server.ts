// Mails an operator triggers for a member (resend activation, password reset, the deletion
// mail): the member's site, in the member's language, links to the site's own domain. They
// run in a transaction of the member's site (tokens are member-only rows) for an account the
// operator's handle found first (accountFor).
import { themeFor } from '../../../themes/index.ts'
import type { Locale } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { translatorFor } from '../i18n/i18n.server.ts'
import type { MailContext } from '../mail/send.server.ts'
import { siteUrl } from '../notifications/links.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'

export function memberMailContext(db: Db, tenant: LoadedTenant, locale: string | null): MailContext & { link: (path: string) => string } {
  const language = (tenant.locales.offered as readonly string[]).includes(locale ?? '') ? (locale as Locale) : tenant.locales.default
  return { db, scope: { tenantId: tenant.slug, poolId: tenant.pool }, tenant, theme: themeFor(tenant), t: translatorFor(language, tenant), link: (path) => siteUrl(tenant, path) }
}
