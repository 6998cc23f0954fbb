// Must stay the first import: Zod's setting applies to schemas built after it.
import './modules/config/zod-jitless.ts'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { ProgressBar } from './components/layout/progress-bar.tsx'
import { switchLanguage } from './modules/i18n/switch-language.ts'
import { CataloguePreloads, DocumentCataloguesScript } from './modules/i18n/document.tsx'
import { errorCatalogue } from './modules/i18n/error-catalogue.server.ts'
import { companyInfo, publicSettings } from './modules/site/public-settings.server.ts'
import { errorMeta } from './modules/site/error-meta.ts'
import { themeCss } from './modules/theme/css-vars.ts'
import { visitorCountry } from './modules/site/visitor-country.server.ts'
import { useNonce } from './modules/http/nonce.tsx'
import { MEDIA_PATH } from './modules/media/urls.ts'
import { takeToast } from './modules/http/toast.server.ts'
import { readConsent } from './modules/consent/consent.server.ts'
import { AUTHENTICATION_REQUIRED_EVENT } from './modules/http/client-fetch.ts'
import { allowReload } from './modules/http/reload-guard.ts'
import { ConsentBanner, ThirdPartyTags } from './components/layout/consent.tsx'
import { IdlePrefetch } from './components/layout/idle-prefetch.tsx'
import { InstalledAppMarker } from './components/layout/app-back-button.tsx'
import appCss from './styles/app.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/app-icon/192.png' },
]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant, locale, theme } = context
  return {
    visitorCountry: visitorCountry(request.headers),
    locale,
    // UI catalogues travel inside the document (entry.server.tsx), not here; only the
    // error texts, for meta functions, which run outside React.
    errorTexts: errorCatalogue(locale),
    themeCss: themeCss(theme),
    themeColor: theme.colors.primary,
    logoMark: theme.logoMark,
    settings: publicSettings(tenant, locale),
    member: context.member
      ? {
          name: context.member.profile?.name ?? context.member.email,
          thumb: context.member.profile?.thumbFilename ? `${MEDIA_PATH}${context.member.profile.thumbFilename}` : null,
          photoInReview: (context.member.profile?.photosInInspection ?? 0) > 0,
          credits: context.member.credits,
          paidUser: context.member.paidUser,
          status: context.member.status,
          profileStatus: context.member.profile?.status ?? null,
          notificationsDisabled: context.member.notifications.disabled,
          pushAlertDismissedAt: context.member.notifications.pushAlertDismissedAt?.toISOString() ?? null,
          disabledAlertDismissedAt: context.member.notifications.disabledAlertDismissedAt?.toISOString() ?? null,
        }
      : null,
    company: companyInfo(tenant),
    // The site's third-party tags (public ids) and the visitor's choice about them.
    tracking: tenant.tracking,
    consent: readConsent(request.headers.get('cookie')),
    // What the member's last action did (a flash set before a redirect), shown once.
    toast: await takeToast(context, request),
  }
}

export type RootData = Awaited<ReturnType<typeof loader>>

// An error page's title; the layout's error boundary and routes without their own meta get
// it from here too, because Remix passes the error to every matched meta function.
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  error ? errorMeta({ error, matches }) : data ? [{ name: 'description', content: data.settings.description }] : []

// The root data changes only with the language (?lng=) or after a form post (the language
// form, or an action that flashed a toast before its redirect).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod !== undefined || currentUrl.searchParams.get('lng') !== nextUrl.searchParams.get('lng') ? defaultShouldRevalidate : false

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root')
  if (!data) throw new Error('root data is missing')
  return data
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const locale = data?.locale ?? 'en'
  const nonce = useNonce()
  const { i18n } = useTranslation()
  // The language changed on the server (the language menu, or a login restoring the
  // member's choice): load its catalogues first, then switch.
  useEffect(() => {
    if (data && i18n.language !== locale) void switchLanguage(i18n, locale)
  }, [data, i18n, locale])
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data ? <meta name="theme-color" content={data.themeColor} /> : null}
        {data ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: data.themeCss }} /> : null}
        <Meta />
        <Links />
        <CataloguePreloads />
      </head>
      <body>
        <ProgressBar />
        {children}
        <DocumentCataloguesScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // Marks the page as interactive (hydrated): browser tests wait for it before they use
  // keyboard shortcuts or gestures that only exist with JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useLogOutWhenSessionEnds()
  return (
    <>
      <Outlet />
      <ConsentBanner />
      <ThirdPartyTags />
      <IdlePrefetch />
      <InstalledAppMarker />
    </>
  )
}

/**
 * SPEC §8: an API call answered 403 authentication_required (clientFetch) while this page
 * thinks the member is logged in: the session ended elsewhere (logout in another tab,
 * expiry, a deleted account). The page reloads once, as the server now sees it: logged out.
 */
function useLogOutWhenSessionEnds() {
  const loggedIn = useRouteLoaderData<typeof loader>('root')?.member != null
  useEffect(() => {
    if (!loggedIn) return
    const onEnded = () => {
      if (allowReload('session-ended')) window.location.reload()
    }
    window.addEventListener(AUTHENTICATION_REQUIRED_EVENT, onEnded)
    return () => window.removeEventListener(AUTHENTICATION_REQUIRED_EVENT, onEnded)
  }, [loggedIn])
}

/** Errors outside the default layout (or in the root loader): the error page on its own. */
export function ErrorBoundary() {
  return (
    <main className="layout">
      <GeneralErrorBoundary />
    </main>
  )
}
