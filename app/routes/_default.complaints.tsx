import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { StaticPage } from '~/components/static-page.tsx'
import { pageTitle } from '~/modules/site/title.ts'

// The complaints procedure; the complaint form itself arrives with the operator console.
export async function loader({ context }: LoaderFunctionArgs) {
  return { title: context.t('complaints.title', { ns: 'pages' }), siteName: context.tenant.name }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: pageTitle(data.siteName, data.title) }] : [])

export default function Complaints() {
  useLoaderData<typeof loader>()
  return <StaticPage page="complaints" />
}
