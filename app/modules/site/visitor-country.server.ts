import { getEnv } from '../config/env.server.ts'

/**
 * The visitor's country, when a trusted proxy or CDN tells us (Cloudflare's CF-IPCountry,
 * or X-Country-Code from a GeoIP-enabled proxy). Unknown otherwise: the app ships no GeoIP
 * database.
 */
export function visitorCountry(headers: Headers): string | null {
  if (!getEnv().TRUST_PROXY) return null
  const value = (headers.get('cf-ipcountry') ?? headers.get('x-country-code'))?.trim().toUpperCase()
  return value && /^[A-Z]{2}$/.test(value) ? value : null
}

/**
 * SPEC §3 settings geoip_country (the visitor's country, as the proxy tells it; null when
 * unknown) and geoip_selected_country (the site's country for this visitor: theirs when the
 * site serves it, otherwise the site's first country).
 */
export function geoipSettings(siteCountries: readonly string[], headers: Headers): { geoip_country: string | null; geoip_selected_country: string | null } {
  const country = visitorCountry(headers)
  const selected = country && siteCountries.includes(country) ? country : (siteCountries[0] ?? null)
  return { geoip_country: country, geoip_selected_country: selected }
}
