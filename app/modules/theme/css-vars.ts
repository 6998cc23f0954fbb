// Turns a theme into CSS custom properties, rendered by the server in <head> so the page
// never flashes another brand. Shades and readable text colours are derived here.
import type { Theme } from '../../../themes/index.ts'

type Rgb = [number, number, number]

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`)
  const n = Number.parseInt(m[1]!, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`
}

/** Mixes `hex` with `other` by `amount` (0 = hex, 1 = other). */
export function mix(hex: string, other: string, amount: number): string {
  const a = parseHex(hex)
  const b = parseHex(other)
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as Rgb)
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** White or near-black, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#161616') ? '#ffffff' : '#161616'
}

export function themeCssVars(theme: Theme): Record<string, string> {
  const c = theme.colors
  const vars: Record<string, string> = {
    '--font-family': theme.fontFamily,
    '--radius': `${theme.radius}px`,
    '--radius-small': `${Math.max(2, Math.round(theme.radius / 2))}px`,
  }
  for (const [name, value] of Object.entries(c)) vars[`--color-${name}`] = value
  vars['--color-primary-hover'] = mix(c.primary, '#000000', 0.15)
  vars['--color-primary-soft'] = mix(c.primary, '#ffffff', 0.88)
  vars['--color-secondary-hover'] = mix(c.secondary, '#ffffff', 0.12)
  vars['--color-on-primary'] = readableOn(c.primary)
  vars['--color-on-secondary'] = readableOn(c.secondary)
  vars['--color-on-unread'] = readableOn(c.unread)
  vars['--color-on-warning'] = readableOn(c.warning)
  vars['--color-on-danger'] = readableOn(c.danger)
  vars['--color-border'] = mix(c.text, c.background, 0.85)
  // Tinted backgrounds of alerts and badges: their text is the full colour on them, a pair
  // the contrast check (contrast.ts, tenant:check) measures.
  vars['--color-success-soft'] = mix(c.success, '#ffffff', 0.88)
  vars['--color-danger-soft'] = mix(c.danger, '#ffffff', 0.88)
  vars['--color-warning-soft'] = mix(c.warning, '#ffffff', 0.78)
  return vars
}

const cssByTheme = new WeakMap<Theme, string>()

/** The theme's variables as one :root rule; built once per theme object (every page sends it). */
export function themeCss(theme: Theme): string {
  let css = cssByTheme.get(theme)
  if (css === undefined) {
    const body = Object.entries(themeCssVars(theme))
      .map(([k, v]) => `${k}:${v.replace(/[<>{}]/g, '')};`)
      .join('')
    css = `:root{${body}}`
    cssByTheme.set(theme, css)
  }
  return css
}
