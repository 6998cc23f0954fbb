import type { LoaderFunctionArgs } from '@remix-run/node'
import { countryName } from '~/modules/geo/countries.ts'
import { companyInfo } from '~/modules/site/public-settings.server.ts'

// SPEC §3 company info; `country` is the code, `country_name` its name in the request's language.
export async function loader({ context }: LoaderFunctionArgs) {
  const info = companyInfo(context.tenant)
  return Response.json(
    { companyinfo: { ...info, country_name: countryName(info.country, context.locale) } },
    { headers: { 'Cache-Control': 'public, max-age=300', Vary: 'Cookie' } },
  )
}
