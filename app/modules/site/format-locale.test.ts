import { describe, expect, it } from 'vitest'
import { dateTimeFormat, numberFormat } from './formatters.ts'
import { formatLocaleFor } from './format-locale.ts'

describe('formatLocaleFor', () => {
  it('takes the region from the site, so a British site formats as British', () => {
    const tag = formatLocaleFor('en', ['GB', 'IE'])
    expect(tag).toBe('en-GB')
    const when = new Date('2026-11-26T09:06:00Z')
    expect(dateTimeFormat(tag, { dateStyle: 'short', timeZone: 'Europe/London' }).format(when)).toBe('26/11/2026')
    expect(dateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(when)).toBe('09:06')
    expect(numberFormat(tag, { style: 'currency', currency: 'GBP' }).format(1299.5)).toBe('£1,299.50')
  })

  it('keeps the Dutch site Dutch, and gives English on a Dutch site Dutch-region conventions', () => {
    expect(formatLocaleFor('nl', ['NL', 'BE'])).toBe('nl-NL')
    expect(numberFormat(formatLocaleFor('nl', ['NL']), { style: 'currency', currency: 'EUR' }).format(14.95)).toBe('€\u00a014,95')
    expect(formatLocaleFor('en', ['NL'])).toBe('en-NL')
  })

  it('leaves a tag with a region and a site without countries as they are', () => {
    expect(formatLocaleFor('en-US', ['GB'])).toBe('en-US')
    expect(formatLocaleFor('de', [])).toBe('de')
  })
})
