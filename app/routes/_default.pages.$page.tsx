import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { StaticPage } from '~/components/static-page.tsx'
import { ConsentChoices } from '~/components/layout/consent.tsx'
import { configuredProviders, PROVIDERS } from '~/modules/consent/providers.ts'
import { invariantResponse } from '~/modules/http/invariant.ts'
import { isStaticPage, staticPageContent } from '~/modules/site/static-pages.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import type { VisitorCacheHandle } from '~/modules/cache/visitor-cache-handle.ts'
import { pageTitle } from '~/modules/site/title.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'

// Served to visitors from the edge's micro-cache (decision 034).
export const handle: VisitorCacheHandle = { visitorCache: true }

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = params.page
  // /complaints has its own URL (SPEC §2); /pages/complaints is not one of them.
  invariantResponse(isStaticPage(page) && page !== 'complaints', 'Not found', { status: 404 })
  return { page, content: staticPageContent(page, context.tenant, context.t, context.locale), siteName: context.tenant.name }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ title: pageTitle(data.siteName, data.content.title, attentionOf(matches)) }] : errorMeta({ error, matches })

export default function StaticPageRoute() {
  const { content, page } = useLoaderData<typeof loader>()
  return (
    <>
      <StaticPage content={content} />
      {page === 'cookies' ? <ThirdPartyCookies /> : null}
    </>
  )
}

/** The cookie page's part about the site's own third-party tags and the visitor's choice. */
function ThirdPartyCookies() {
  const { tracking, consent, settings } = useRootData()
  const { t } = useTranslation()
  const providers = configuredProviders(tracking)
  if (providers.length === 0) return null
  return (
    <section className="container static-page consent-page" aria-labelledby="consent-page-title">
      <h2 id="consent-page-title">{t('consent.pageTitle', { siteName: settings.name })}</h2>
      <p>{t('consent.pageIntro')}</p>
      <ul>
        {providers.map(({ provider, kind }) => (
          <li key={provider}>
            <strong>{PROVIDERS[provider].name}</strong>: {t(`consent.purpose.${kind}`)}
          </li>
        ))}
      </ul>
      <p role="status">{t(consent === 'all' ? 'consent.current.all' : consent === 'necessary' ? 'consent.current.necessary' : 'consent.current.none')}</p>
      <Form method="post" action="/consent" className="consent-banner__actions">
        <input type="hidden" name="redirectTo" value="/pages/cookies" />
        <ConsentChoices />
      </Form>
    </section>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
