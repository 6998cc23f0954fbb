// The answer for a host that belongs to no site: a translated 404 page without any
// site's name, theme or data.
import { serverI18n } from '../i18n/i18n.server.ts'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** `nonce`: the response's CSP nonce, for the page's one inline <style>. */
export function unknownHostPage(acceptLanguage: string | undefined, nonce = ''): string {
  const locale = /^\s*nl\b/i.test(acceptLanguage ?? '') ? 'nl' : 'en'
  const { t } = serverI18n(locale)
  const title = escape(t('errors.notFound.title'))
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>404 - ${title}</title>
<style nonce="${escape(nonce)}">body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f5f5f7;color:#222}main{text-align:center;padding:2rem}h1{font-size:4rem;margin:0;color:#666}a{color:#5a2d82}</style></head>
<body><main><h1>404</h1><p>${title}</p><p>${escape(t('errors.unknownSite'))}</p></main></body></html>`
}
