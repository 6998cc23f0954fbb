// Every locale has every key of the Dutch base with the same placeholders, and no
// catalogue contains a brand name: site names are always interpolated.
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../tenants/schema.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { BASE_LOCALE, NAMESPACES, RESOURCES } from './resources.ts'
import { sameAsEnglishAllowed } from './same-as-english.ts'

type Leaf = { key: string; value: string }

function leaves(value: unknown, prefix = ''): Leaf[] {
  if (typeof value === 'string') return [{ key: prefix, value }]
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}[${i}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
  }
  return []
}

// Languages with more plural forms than Dutch may add _few/_many/_two/_zero variants.
const EXTRA_PLURAL = /_(zero|two|few|many)$/
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const base = leaves(RESOURCES[BASE_LOCALE][ns])
  const baseKeys = new Map(base.map((l) => [l.key, l.value]))

  it.each(LOCALES.filter((l) => l !== BASE_LOCALE))('%s has every key of nl, with the same placeholders', (locale) => {
    const mine = leaves(RESOURCES[locale][ns])
    const keys = new Set(mine.map((l) => l.key))
    const missing = [...baseKeys.keys()].filter((k) => !keys.has(k))
    expect(missing, `${locale}/${ns} misses keys`).toEqual([])
    const unknown = mine.filter((l) => !baseKeys.has(l.key) && !EXTRA_PLURAL.test(l.key)).map((l) => l.key)
    expect(unknown, `${locale}/${ns} has keys nl does not know`).toEqual([])
    const wrong = mine
      .filter((l) => baseKeys.has(l.key) && placeholders(l.value).join() !== placeholders(baseKeys.get(l.key)!).join())
      .map((l) => l.key)
    expect(wrong, `${locale}/${ns} placeholders differ`).toEqual([])
  })
})

// Languages translated for real (issue #20): a value equal to the English one is an English
// copy left behind, unless same-as-english.ts allows it (names, codes, borrowed words).
const TRANSLATED = ['de', 'es', 'fr', 'it', 'pl'] as const

describe('translations are not English copies', () => {
  it.each(TRANSLATED)('%s', (locale) => {
    const allowed = sameAsEnglishAllowed(locale)
    const copies: string[] = []
    for (const ns of NAMESPACES) {
      const english = new Map(leaves(RESOURCES.en[ns]).map((l) => [l.key, l.value]))
      for (const leaf of leaves(RESOURCES[locale][ns])) {
        if (english.get(leaf.key) === leaf.value && !allowed.has(`${ns}:${leaf.key}`)) copies.push(`${ns}:${leaf.key} = ${leaf.value}`)
      }
    }
    expect(copies, `${locale}: English copies`).toEqual([])
  })
})

describe('brand names', () => {
  it('appear in no catalogue', async () => {
    const tenants = await loadTenants(THEME_NAMES)
    const brands = tenants.flatMap((t) => [t.name, ...t.company.tradenames, t.company.name]).map((b) => b.toLowerCase())
    const offenders: string[] = []
    for (const locale of LOCALES) {
      for (const ns of NAMESPACES) {
        for (const leaf of leaves(RESOURCES[locale][ns])) {
          const lower = leaf.value.toLowerCase()
          for (const brand of brands) if (lower.includes(brand)) offenders.push(`${locale}/${ns}:${leaf.key} contains "${brand}"`)
        }
      }
    }
    expect(offenders).toEqual([])
  })
})

describe('SPEC texts', () => {
  it('the 404 page uses the SPEC §2 texts in English', () => {
    const en = RESOURCES.en.common as { errors: { notFound: { title: string }; backHome: string } }
    expect(en.errors.notFound.title).toBe('This page could not be found')
    expect(en.errors.backHome).toBe('Back to the home page')
  })
  it('the generic error is the SPEC §8 Dutch text verbatim', () => {
    const nl = RESOURCES.nl.common as { errors: { generic: string } }
    expect(nl.errors.generic).toBe('Er is een fout opgetreden, probeer het later opnieuw.')
  })
})
