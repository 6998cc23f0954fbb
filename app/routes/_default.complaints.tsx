import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { StaticPage } from '~/components/static-page.tsx'
import { staticPageContent } from '~/modules/site/static-pages.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'

// The complaints procedure; the complaint form itself arrives with the operator console.
export async function loader({ context }: LoaderFunctionArgs) {
  return { content: staticPageContent('complaints', context.tenant, context.t, context.locale), siteName: context.tenant.name }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.content.title, attentionOf(matches)) }] : [])

export default function Complaints() {
  const { content } = useLoaderData<typeof loader>()
  return <StaticPage content={content} />
}
