// The one check for every redirect target that comes from a request (login's redirectTo,
// the likes form's way back, the photos page's back link, the language form). Browsers
// strip tabs and newlines from URLs and read a backslash as a slash, so `/%09/evil.example`
// (decoded: "/<TAB>/evil.example") is a foreign address to them; only the URL parser sees
// what the browser will see.

/** Stands in for the site's origin when the caller has no request at hand. */
const PLACEHOLDER_ORIGIN = 'http://same-site.invalid'
const MAX_LENGTH = 2048

/**
 * A path of this site (`/members?x=1#y`), normalised and percent-encoded so it is safe in a
 * Location header, or `fallback` for anything that would leave the origin, is not a path,
 * or carries control characters.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/members', origin: string = PLACEHOLDER_ORIGIN): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > MAX_LENGTH) return fallback
  // Only paths, and nothing a browser would silently drop or reinterpret.
  if (!to.startsWith('/') || hasControlOrBackslash(to)) return fallback
  let base: URL
  let url: URL
  try {
    base = new URL(origin)
    url = new URL(to, base)
  } catch {
    return fallback
  }
  if (url.origin !== base.origin) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  // "/a/..//evil.example" normalises to "//evil.example": scheme-relative, so foreign.
  return path.startsWith('//') ? fallback : path
}

function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true
  }
  return false
}

/** The origin of a request's URL, for safeRedirect. */
export function originOf(request: Request): string {
  return new URL(request.url).origin
}
