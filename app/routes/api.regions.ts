import type { LoaderFunctionArgs } from '@remix-run/node'
import { regionLabelFor } from '~/modules/geo/countries.ts'
import { regionsFor } from '~/modules/geo/regions.ts'

// Regions of the site's countries, with the translated label for the subdivision (SPEC §9).
export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, t } = context
  const regions = Object.fromEntries(
    tenant.countries.map((country) => {
      const label = regionLabelFor(country)
      return [
        country,
        {
          name: t(`countries.${country}`),
          label,
          label_text: t(`regionLabel.${label}`),
          regions: regionsFor(country).map((r) => ({ code: r.code, name: r.name })),
        },
      ]
    }),
  )
  return Response.json({ regions }, { headers: { 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie' } })
}
