import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { StaticPage } from '~/components/static-page.tsx'
import { invariantResponse } from '~/modules/http/invariant.ts'
import { isStaticPage, staticPageContent } from '~/modules/site/static-pages.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = params.page
  // /complaints has its own URL (SPEC §2); /pages/complaints is not one of them.
  invariantResponse(isStaticPage(page) && page !== 'complaints', 'Not found', { status: 404 })
  return { content: staticPageContent(page, context.tenant, context.t, context.locale), siteName: context.tenant.name }
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ title: pageTitle(data.siteName, data.content.title, attentionOf(matches)) }] : errorMeta({ error, matches })

export default function StaticPageRoute() {
  const { content } = useLoaderData<typeof loader>()
  return <StaticPage content={content} />
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
