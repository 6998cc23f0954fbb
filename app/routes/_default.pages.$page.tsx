import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { StaticPage } from '~/components/static-page.tsx'
import { invariantResponse } from '~/modules/http/invariant.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const STATIC_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const
type StaticPageName = (typeof STATIC_PAGES)[number]

const isStaticPage = (value: string | undefined): value is StaticPageName => (STATIC_PAGES as readonly string[]).includes(value ?? '')

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = params.page
  invariantResponse(isStaticPage(page), 'Not found', { status: 404 })
  return { page, title: context.t(`${page}.title`, { ns: 'pages', siteName: context.tenant.name }), siteName: context.tenant.name }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: pageTitle(data.siteName, data.title) }] : [])

export default function StaticPageRoute() {
  const { page } = useLoaderData<typeof loader>()
  return <StaticPage page={page} />
}

export { ErrorBoundary } from './_default.$.tsx'
