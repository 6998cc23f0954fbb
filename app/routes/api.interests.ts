import type { LoaderFunctionArgs } from '@remix-run/node'
import { INTERESTS } from '~/modules/geo/interests.ts'

export async function loader({ context }: LoaderFunctionArgs) {
  const interests = INTERESTS.map((key) => ({ key, label: context.t(`interests.${key}`) }))
  return Response.json({ interests }, { headers: { 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie' } })
}
