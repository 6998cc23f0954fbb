import { describe, expect, it } from 'vitest'
import { THEMES } from '../../../themes/index.ts'
import { contrastProblems } from './contrast.ts'

describe('theme contrast', () => {
  it('every theme reads at WCAG AA in every text pair the stylesheets use', () => {
    for (const [name, theme] of Object.entries(THEMES)) expect(contrastProblems(theme), name).toEqual([])
  })

  it('catches a brand colour that is too light (the rose primary and green of issue #16)', () => {
    const rose = THEMES.rose!
    const old = { ...rose, colors: { ...rose.colors, primary: '#d6336c', success: '#2b8a3e' } }
    const found = contrastProblems(old).map((p) => `${p.text}/${p.background}`)
    expect(found).toEqual(expect.arrayContaining(['primary/background', 'success/success-soft']))
  })
})
