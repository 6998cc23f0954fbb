// The cookie banner and the third-party tags it guards (SPEC §7, decision 018). A site
// without tags shows no banner: it places no cookies that need consent. With tags, nothing
// of them loads until the visitor chose "accept all"; "only necessary" keeps them off.
import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { configuredProviders, PROVIDERS, type Provider, type TrackingConfig } from '~/modules/consent/providers.ts'
import { documentNonce } from '~/modules/http/nonce.tsx'
import { useRootData } from '~/modules/site/use-root-data.ts'

type ConsentAnswer = { consent?: 'all' | 'necessary' | null }

export function ConsentBanner() {
  const { tracking, consent, settings } = useRootData()
  const fetcher = useFetcher<ConsentAnswer>({ key: 'consent' })
  const location = useLocation()
  const { t } = useTranslation()
  const providers = configuredProviders(tracking)
  if (providers.length === 0 || consent !== null || fetcher.state !== 'idle' || fetcher.data?.consent) return null
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <h2 id="consent-title" className="consent-banner__title">
        {t('consent.title')}
      </h2>
      <p>{t('consent.text', { siteName: settings.name, providers: providers.map((p) => PROVIDERS[p.provider].name).join(', ') })}</p>
      <fetcher.Form method="post" action="/consent" className="consent-banner__actions">
        {/* Added once hydrated: without JavaScript the form posts and comes back here. */}
        <JsMarker />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" name="choice" value="all" className="button button--primary">
          {t('consent.accept')}
        </button>
        <button type="submit" name="choice" value="necessary" className="button button--secondary">
          {t('consent.necessary')}
        </button>
        <a href="/pages/cookies">{t('consent.more')}</a>
      </fetcher.Form>
    </section>
  )
}

/** The two answers, as submit buttons of the form around them (the banner, the cookie page). */
export function ConsentChoices() {
  const { t } = useTranslation()
  return (
    <>
      <button type="submit" name="choice" value="all" className="button button--primary">
        {t('consent.accept')}
      </button>
      <button type="submit" name="choice" value="necessary" className="button button--secondary">
        {t('consent.necessary')}
      </button>
    </>
  )
}

function JsMarker() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated ? <input type="hidden" name="js" value="1" /> : null
}

type TagWindow = Window & { dataLayer?: unknown[]; hj?: unknown; _hjSettings?: unknown; clarity?: unknown }

function startProvider(provider: Provider, id: string): void {
  const w = window as TagWindow
  if (provider === 'gtm') {
    w.dataLayer = w.dataLayer ?? []
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  } else if (provider === 'hotjar') {
    const queue: unknown[] = []
    w.hj = w.hj ?? ((...args: unknown[]) => void queue.push(args))
    w._hjSettings = { hjid: Number(id), hjsv: 6 }
  } else {
    const queue: unknown[] = []
    w.clarity = w.clarity ?? ((...args: unknown[]) => void queue.push(args))
  }
  const script = document.createElement('script')
  script.async = true
  script.src = PROVIDERS[provider].script(id)
  script.nonce = documentNonce()
  script.dataset.provider = provider
  document.head.appendChild(script)
}

/** Loads the site's tags once the visitor agreed (now or on an earlier visit). */
export function ThirdPartyTags() {
  const { tracking, consent } = useRootData()
  const fetcher = useFetcher<ConsentAnswer>({ key: 'consent' })
  const agreed = fetcher.data?.consent !== undefined ? fetcher.data.consent === 'all' : consent === 'all'
  useEffect(() => {
    if (!agreed) return
    for (const { provider, id } of configuredProviders(tracking as TrackingConfig)) {
      if (!document.querySelector(`script[data-provider="${provider}"]`)) startProvider(provider, id)
    }
  }, [agreed, tracking])
  return null
}
