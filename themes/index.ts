// Every theme the engine ships, found from its folder (themes/<name>/theme.ts): a new theme
// is a new folder, no list to edit. Tenant files name one of these (tenants/schema.ts checks
// it) and may override its brand colours (themeFor).
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Theme, ThemeColors } from './define-theme.ts'

export type { Theme, ThemeColors } from './define-theme.ts'

type ThemeModules = Record<string, Theme>

/** Outside Vite (tsx scripts): the folders, read and loaded through tsx's require hook. */
function fromFolders(): ThemeModules {
  const require = createRequire(import.meta.url)
  const dir = import.meta.dirname
  const out: ThemeModules = {}
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, 'theme.ts')
    if (entry.isDirectory() && existsSync(file)) out[`./${entry.name}/theme.ts`] = (require(file) as { default: Theme }).default
  }
  return out
}

// Vite (the app, its build and the tests) resolves the glob at build time; plain Node has no
// import.meta.env and reads the folders instead.
const modules: ThemeModules = import.meta.env ? import.meta.glob<Theme>('./*/theme.ts', { eager: true, import: 'default' }) : fromFolders()

export const THEMES: Readonly<Record<string, Theme>> = Object.fromEntries(
  Object.entries(modules)
    .map(([key, theme]) => [key.split('/')[1] ?? '', theme] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
)
export const THEME_NAMES = Object.keys(THEMES)
export const DEFAULT_THEME: Theme = THEMES.violet ?? Object.values(THEMES)[0]!

/** The brand colours a tenant file may set over its theme's (tenants/schema.ts `colors`). */
export type BrandColors = Partial<Pick<ThemeColors, 'primary' | 'secondary' | 'unread'>>

/** A site's theme: the named theme with the tenant's own brand colours over it. */
export function themeFor(site: { theme: string; colors?: BrandColors }): Theme {
  const base = THEMES[site.theme] ?? DEFAULT_THEME
  if (!site.colors || Object.keys(site.colors).length === 0) return base
  // One object per site (a loaded tenant lives until its file changes), so what is derived
  // from a theme per request (its CSS) can be kept per theme object.
  let theme = siteThemes.get(site)
  if (!theme) {
    theme = { ...base, colors: { ...base.colors, ...site.colors } }
    siteThemes.set(site, theme)
  }
  return theme
}

const siteThemes = new WeakMap<object, Theme>()
