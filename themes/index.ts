// Every theme the engine ships. Tenant files name one of these (tenants/schema.ts checks it).
import type { Theme } from './define-theme.ts'
import ocean from './ocean/theme.ts'
import rose from './rose/theme.ts'
import violet from './violet/theme.ts'

export type { Theme } from './define-theme.ts'

export const THEMES: Readonly<Record<string, Theme>> = { violet, rose, ocean }
export const THEME_NAMES = Object.keys(THEMES)
export const DEFAULT_THEME = violet
