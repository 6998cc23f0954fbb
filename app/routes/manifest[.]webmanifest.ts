// The site's web app manifest (installed-app mode, SPEC §2): its own name, colours and icons
// from its theme, so each brand installs as its own app. The start URL marks app mode.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { localized } from '~/modules/site/public-settings.server.ts'

// Publicly cacheable, so the same for every visitor: in the site's default language, whatever
// the visitor's choice (a shared cache would otherwise hand one visitor's language to the next).
export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, theme } = context
  const locale = tenant.locales.default
  const manifest = {
    id: '/',
    name: tenant.name,
    short_name: tenant.name.slice(0, 12),
    description: localized(tenant.description, locale, tenant.locales.default),
    lang: locale,
    start_url: '/members?app=1',
    scope: '/',
    display: 'standalone',
    background_color: theme.colors.background,
    theme_color: theme.colors.primary,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/app-icon/192.png', sizes: '192x192', type: 'image/png' },
      { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png' },
      { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' } })
}
