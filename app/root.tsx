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
import { errorMeta } from './modules/site/error-meta.ts'
import { memberRootData } from './modules/site/root-data.server.ts'
import { consoleContextOf, isConsoleContext } from './modules/console/context.server.ts'
import { useNonce } from './modules/http/nonce.tsx'
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
  // The console host's document (decision 023): its own layout route brings the rest.
  if (isConsoleContext(context)) return { face: 'console' as const, locale: consoleContextOf(context).locale }
  return memberRootData(context, request)
}

export type { RootData } from './modules/site/root-data.server.ts'

// An error page's title; the layout's error boundary and routes without their own meta get
// it from here too, because Remix passes the error to every matched meta function.
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  error ? errorMeta({ error, matches }) : data && !('face' in data) ? [{ name: 'description', content: data.settings.description }] : []

// The root data changes only with the language (?lng=) or after a form post (the language
// form, or an action that flashed a toast before its redirect).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod !== undefined || currentUrl.searchParams.get('lng') !== nextUrl.searchParams.get('lng') ? defaultShouldRevalidate : false

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const locale = data?.locale ?? 'en'
  // A site's document carries its theme; the console's brings its own styles.
  const site = data && !('face' in data) ? data : null
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
        {site ? <meta name="theme-color" content={site.themeColor} /> : null}
        {site ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: site.themeCss }} /> : null}
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
  const data = useRouteLoaderData<typeof loader>('root')
  // The console has no consent banner, tags, prefetching or installed-app mode.
  if (data && 'face' in data) return <Outlet />
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
  const data = useRouteLoaderData<typeof loader>('root')
  const loggedIn = data != null && !('face' in data) && data.member != null
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
