import type { LoaderFunctionArgs } from '@remix-run/node'
import { publicSettings } from '~/modules/site/public-settings.server.ts'
import { geoipSettings } from '~/modules/site/visitor-country.server.ts'

// SPEC §7: field `settings`, public fields only. The locale rule (domain_language when no
// cookie is set) runs for every request in the load context and sets the cookie.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return Response.json({ settings: { ...publicSettings(context.tenant, context.locale), language: context.locale, ...geoipSettings(context.tenant.countries, request.headers) } })
}
