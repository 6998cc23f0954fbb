// Dates, times, numbers and money are formatted for the site's language in the site's
// country (issue 22): a British site writes 26/11/2026 and 09:06, not the 11/26/2026 and
// 09:06 AM that a bare "en" gives. The page's language decides the words, the site's first
// country the region ("en" on a GB site is en-GB, "nl" on a NL site nl-NL, "en" on a Dutch
// site en-NL); a tag Intl does not know falls back to the language alone.
const cache = new Map<string, string>()

export function formatLocaleFor(locale: string, countries: readonly string[]): string {
  const region = countries[0]
  if (!region || locale.includes('-')) return locale
  const key = `${locale}|${region}`
  let tag = cache.get(key)
  if (tag === undefined) {
    const candidate = `${locale}-${region}`
    tag = Intl.DateTimeFormat.supportedLocalesOf([candidate]).length > 0 ? candidate : locale
    cache.set(key, tag)
  }
  return tag
}
