import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { partnerSiteFor } from '~/modules/site/partner-site.ts'
import { useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import settingsCss from '~/styles/settings.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['settings'] }

// Shown after deletion (SPEC §2): a countdown in seconds, then on to the site's partner
// site. Without JavaScript the link does the same.

const COUNTDOWN_SECONDS = 10

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsCss }]

export async function loader({ context }: LoaderFunctionArgs) {
  return { partnerSite: partnerSiteFor(context.tenant, context.locale), title: context.t('deleted.title', { ns: 'settings' }), siteName: context.tenant.name }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function AccountDeleted() {
  const { partnerSite, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('settings')
  const [left, setLeft] = useState(COUNTDOWN_SECONDS)

  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    if (left === 0) window.location.assign(partnerSite)
  }, [left, partnerSite])

  return (
    <div className="container section narrow settings-result">
      <h1>{title}</h1>
      <div className="card stack">
        <p>{t('deleted.text')}</p>
        <p role="timer" className="settings-result__countdown">
          {t('deleted.countdown', { count: left })}
        </p>
        <p>
          <a href={partnerSite} className="button button--primary" rel="noopener">
            {t('deleted.continue')}
          </a>
        </p>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
