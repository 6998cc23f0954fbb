// Themes come from their folders, and a site may take another brand colour in its own file
// (decision 014): a fourth site is a copied tenant file with other colours, nothing else.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { themeCssVars } from '../app/modules/theme/css-vars.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { paletteProblems } from '../scripts/lib/palette-check.ts'
import { THEME_NAMES, THEMES, themeFor } from './index.ts'

const tenantsDir = path.resolve(import.meta.dirname, '../tenants')
// Inside the project (like load-tenants.test.ts), so the copied files resolve their imports.
mkdirSync(path.resolve('.data'), { recursive: true })
const temp = mkdtempSync(path.resolve('.data', 'tenants-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** flirtlokaal's file as it is, its schema import pointing at tenants/. */
const tenantSource = () => readFileSync(path.join(tenantsDir, 'flirtlokaal.ts'), 'utf8').replace("'./schema.ts'", `'${path.join(tenantsDir, 'schema.ts')}'`)

describe('themes', () => {
  it('are every folder with a theme.ts', () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    expect(THEME_NAMES).toEqual(folders)
    for (const name of THEME_NAMES) expect(THEMES[name]!.name).toBe(name)
  })

  it('a fourth site copied from a tenant file with only other colours shows those colours', async () => {
    writeFileSync(path.join(temp, 'flirtlokaal.ts'), tenantSource())
    const copy = tenantSource()
      .replaceAll('flirtlokaal', 'flirtgroen')
      .replace("theme: 'violet',", "theme: 'violet',\n  colors: { primary: '#1b6e3a', secondary: '#0f3320', unread: '#b3261e' },")
    writeFileSync(path.join(temp, 'flirtgroen.ts'), copy)
    const tenants = await loadTenants(THEME_NAMES, temp)
    const original = tenants.find((t) => t.slug === 'flirtlokaal')!
    const fourth = tenants.find((t) => t.slug === 'flirtgroen')!
    expect(themeFor(original)).toBe(THEMES.violet)
    const theme = themeFor(fourth)
    expect(theme.colors).toMatchObject({ primary: '#1b6e3a', secondary: '#0f3320', unread: '#b3261e', background: THEMES.violet!.colors.background })
    expect(themeCssVars(theme)['--color-primary']).toBe('#1b6e3a')
    expect(paletteProblems('flirtgroen', theme)).toEqual([])
  })

  it('a colour that is no #rrggbb stops the tenant file', async () => {
    writeFileSync(path.join(temp, 'flirtgroen.ts'), tenantSource().replaceAll('flirtlokaal', 'flirtgroen').replace("theme: 'violet',", "theme: 'violet',\n  colors: { primary: 'green' },"))
    await expect(loadTenants(THEME_NAMES, temp)).rejects.toThrow(/colors\.primary: a colour such as #8e44ad/)
  })

  it('tenant:check refuses brand colours whose text would be unreadable (WCAG AA)', () => {
    for (const name of THEME_NAMES) expect(paletteProblems(name, THEMES[name]!)).toEqual([])
    const grey = themeFor({ theme: 'violet', colors: { primary: '#7a7a7a', secondary: '#7b7b7b' } })
    const problems = paletteProblems('grey', grey)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^grey: colors\.primary #7a7a7a: text on it reaches 4\.\d\d:1, WCAG AA needs 4\.5:1$/)
  })
})
