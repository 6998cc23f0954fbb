import { describe, expect, it } from 'vitest'
import { THEMES } from '../../../themes/index.ts'
import { contrastRatio, mix, readableOn, themeCss, themeCssVars } from './css-vars.ts'

describe('theme colours', () => {
  it('mixes colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080')
    expect(mix('#8e44ad', '#8e44ad', 0.3)).toBe('#8e44ad')
  })
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0)
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5)
  })
  it('picks readable text on light and dark backgrounds', () => {
    expect(readableOn('#3b1450')).toBe('#ffffff')
    expect(readableOn('#ffe066')).toBe('#161616')
  })
  it('gives every shipped theme readable buttons and navigation (WCAG AA, 4.5:1)', () => {
    for (const theme of Object.values(THEMES)) {
      const vars = themeCssVars(theme)
      expect(contrastRatio(theme.colors.primary, vars['--color-on-primary']!), theme.name).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(theme.colors.secondary, vars['--color-on-secondary']!), theme.name).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(theme.colors.background, theme.colors.text), theme.name).toBeGreaterThanOrEqual(4.5)
    }
  })
  it('the default theme is purple with a dark purple secondary (SPEC §9)', () => {
    const { primary, secondary } = THEMES.violet!.colors
    expect(primary).toBe('#8e44ad')
    expect(secondary).toBe('#3b1450')
  })
  it('renders one :root rule that cannot break out of the style element', () => {
    const css = themeCss({ ...THEMES.violet!, fontFamily: 'x</style><script>alert(1)</script>' })
    expect(css.startsWith(':root{')).toBe(true)
    expect(css).not.toMatch(/<\/style>|<script>/)
  })
})
