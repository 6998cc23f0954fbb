import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyInfo } from '~/modules/site/public-settings.server.ts'

export async function loader({ context }: LoaderFunctionArgs) {
  return Response.json({ companyinfo: companyInfo(context.tenant) }, { headers: { 'Cache-Control': 'public, max-age=300' } })
}
