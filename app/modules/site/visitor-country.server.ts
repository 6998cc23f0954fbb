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
