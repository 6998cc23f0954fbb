// Lander copy lives in each lander's folder (landers/<name>/copy/<locale>.json), not in
// app/locales (decision 014): it is rendered on the server and never loaded by the browser.
// This is its catalogue check: Dutch and English at least, the same keys in every locale, a
// variant's overrides only of keys that exist, no brand name (the site name is {{site}}),
// and every tenant file lists only landers that exist.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../tenants/schema.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { getLander, landerNames } from '../../../landers/registry.server.tsx'
import { loadTenants } from '../tenancy/load-tenants.server.ts'

const REQUIRED = ['nl', 'en']
const tenants = await loadTenants(THEME_NAMES)
const brands = tenants.flatMap((t) => [t.name, ...t.company.tradenames, t.company.name]).map((b) => b.toLowerCase())
const names = landerNames()

describe('lander folders', () => {
  it('are all found, each a folder with lander.ts and component.tsx', () => {
    const folders = readdirSync(path.resolve(import.meta.dirname, '../../../landers'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    expect(names).toEqual(folders)
    for (const spec of ['adultonly', 'tinderswipe', 'whoneedsstrings', 'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video', 'memberlanding', 'memberlanding2', 'memberlanding3']) {
      expect(names).toContain(spec)
    }
  })

  it.each(names)('%s: copy in nl and en, the same keys everywhere, no brand names', (name) => {
    const lander = getLander(name)!
    const locales = Object.keys(lander.copy)
    for (const locale of REQUIRED) expect(locales, name).toContain(locale)
    for (const locale of locales) expect(LOCALES as readonly string[], `${name}/copy/${locale}.json`).toContain(locale)
    const variantIds = lander.definition.variants.map((v) => v.id)
    expect(variantIds.length).toBeGreaterThan(0)
    expect(lander.definition.variants.some((v) => v.weight > 0)).toBe(true)
    for (const v of lander.definition.variants) {
      expect(v.id).toMatch(/^[a-z][a-z0-9-]{0,40}$/)
      expect(lander.images[v.image ?? 'hero'], `${name}: image of ${v.id}`).toBeTruthy()
    }
    const keysOf = (o: object) => Object.keys(o).filter((k) => k !== 'variants').sort()
    const base = keysOf(lander.copy.nl!)
    for (const [locale, file] of Object.entries(lander.copy)) {
      expect(keysOf(file), `${name}/${locale}`).toEqual(base)
      for (const [variant, overrides] of Object.entries(file.variants ?? {})) {
        expect(variantIds, `${name}/${locale}: variant ${variant}`).toContain(variant)
        for (const key of Object.keys(overrides)) expect(base, `${name}/${locale}: ${variant}.${key}`).toContain(key)
      }
      const text = JSON.stringify(file).toLowerCase()
      for (const brand of brands) expect(text.includes(brand), `${name}/${locale} names ${brand}`).toBe(false)
      expect(text, `${name}/${locale}`).not.toMatch(/\{\{(?!site\}\}|name\}\})/)
    }
  })

  it('every locale a site offers has copy for its landers and the member landings', () => {
    const memberLandings = landerNames().filter((name) => getLander(name)!.definition.member === true)
    for (const tenant of tenants) {
      for (const name of [...tenant.landers, ...memberLandings]) {
        for (const locale of tenant.locales.offered) expect(getLander(name)?.copy[locale], `${tenant.slug}: ${name} in ${locale}`).toBeDefined()
      }
    }
  })

  it('every tenant lists landers that exist and are not member landings', () => {
    for (const tenant of tenants) {
      for (const name of tenant.landers) {
        expect(getLander(name), `${tenant.slug}: ${name}`).toBeDefined()
        expect(getLander(name)!.definition.member, `${tenant.slug}: ${name}`).not.toBe(true)
      }
    }
  })
})

// Landers without a video file do not call themselves video (issue #20): nothing a visitor
// reads promises a video to watch or play.
describe('no lander promises a video it does not have', () => {
  it.each(names)('%s', (name) => {
    const lander = getLander(name)!
    for (const [locale, copy] of Object.entries(lander.copy)) {
      const texts: string[] = []
      const walk = (value: unknown) => (typeof value === 'string' ? texts.push(value) : value && typeof value === 'object' ? Object.values(value).forEach(walk) : undefined)
      walk(copy)
      expect(texts.join('\n'), `${name}/copy/${locale}.json`).not.toMatch(/\bvideo|\bplay\b|afspelen|\bwatch\b|bekijk de video/i)
    }
  })
})
