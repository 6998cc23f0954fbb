// tenant:new writes a complete tenant file that passes the tenant check as written, in the
// chosen language, in the chosen pool; bad arguments are refused with the reason.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { THEME_NAMES } from '../themes/index.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { TenantConfigSchema } from '../tenants/schema.ts'
import { scaffoldTenant, tenantFileText } from './lib/tenant-scaffold.ts'

// Inside the project (the module loader serves files under its root): the ignored .data/.
mkdirSync(path.resolve('.data/test'), { recursive: true })
const dir = mkdtempSync(path.resolve('.data/test/tenant-new-'))
// The generated file imports ./schema.ts, as every tenant file does.
writeFileSync(path.join(dir, 'schema.ts'), `export * from ${JSON.stringify(path.resolve('tenants/schema.ts'))}\n`)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('tenant:new', () => {
  it('writes a file with every field that loads and checks as written', async () => {
    const file = scaffoldTenant({ slug: 'liefdevol', domains: ['liefdevol.nl'], language: 'nl', pool: 'benelux' }, THEME_NAMES, dir)
    const text = readFileSync(file, 'utf8')
    // Every top-level field of the schema is written out.
    for (const field of Object.keys((TenantConfigSchema as unknown as { shape: Record<string, unknown> }).shape)) expect(text, field).toMatch(new RegExp(`\\n  ${field}: `))
    const [site] = await loadTenants(THEME_NAMES, dir)
    expect(site).toMatchObject({ slug: 'liefdevol', pool: 'benelux', name: 'Liefdevol', domains: ['liefdevol.nl', 'www.liefdevol.nl'], locales: { default: 'nl', offered: ['nl', 'en'] } })
    expect(site!.indexTitle.nl).toContain('singles')
    expect(() => scaffoldTenant({ slug: 'liefdevol', domains: ['x.nl'], language: 'nl' }, THEME_NAMES, dir)).toThrow(/exists already/)
  })

  it('works in every language, a site of its own pool by default', async () => {
    for (const language of ['en', 'de', 'es', 'fr', 'it', 'pl']) {
      const sub = mkdtempSync(path.join(dir, `${language}-`))
      writeFileSync(path.join(sub, 'schema.ts'), `export * from ${JSON.stringify(path.resolve('tenants/schema.ts'))}\n`)
      scaffoldTenant({ slug: `site-${language}`, domains: [`site-${language}.example`], language }, THEME_NAMES, sub)
      const [site] = await loadTenants(THEME_NAMES, sub)
      expect(site, language).toMatchObject({ pool: `site-${language}`, locales: { default: language } })
    }
  })

  it('refuses bad arguments with the reason', () => {
    expect(() => tenantFileText({ slug: 'Bad Slug', domains: ['a.nl'], language: 'nl' }, THEME_NAMES)).toThrow(/slug/)
    expect(() => tenantFileText({ slug: 'ok', domains: [], language: 'nl' }, THEME_NAMES)).toThrow(/--domain/)
    expect(() => tenantFileText({ slug: 'ok', domains: ['not a host'], language: 'nl' }, THEME_NAMES)).toThrow(/--domain/)
    expect(() => tenantFileText({ slug: 'ok', domains: ['a.nl'], language: 'xx' }, THEME_NAMES)).toThrow(/--language/)
    expect(() => tenantFileText({ slug: 'ok', domains: ['a.nl'], language: 'nl', theme: 'nope' }, THEME_NAMES)).toThrow(/--theme/)
  })
})
