// Every pair of theme colours the stylesheets use as text on a background, measured with
// WCAG's contrast ratio. tenant:check refuses a theme with a pair below AA (4.5:1 for body
// text), so a new brand colour cannot make a site unreadable (issue #16: axe found the rose
// primary at 4.32:1 and the success green at 3.6:1). Keep this list in step with app/styles.
import type { Theme } from '../../../themes/index.ts'
import { contrastRatio, themeCssVars } from './css-vars.ts'

/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5

/** [text variable, background variable, where the stylesheets use it]. */
export const TEXT_PAIRS: readonly (readonly [string, string, string])[] = [
  ['text', 'background', 'page text'],
  ['text', 'surface', 'cards, dialogs'],
  ['text', 'primary-soft', 'info alerts'],
  ['text', 'warning-soft', 'warnings header'],
  ['muted', 'background', 'hints, lead text'],
  ['muted', 'surface', 'hints on cards, likes tabs'],
  ['primary', 'background', 'links, home claim, active likes tab'],
  ['primary', 'surface', 'links on cards, login link'],
  ['primary', 'primary-soft', 'text on the soft brand tint'],
  ['secondary', 'surface', 'light buttons'],
  ['success', 'success-soft', 'success alerts, approved photo badge'],
  ['success', 'surface', 'success text'],
  ['danger', 'danger-soft', 'error alerts'],
  ['danger', 'surface', 'field errors, delete buttons'],
  ['on-primary', 'primary', 'primary buttons'],
  ['on-secondary', 'secondary', 'navigation, footer'],
  ['on-unread', 'unread', 'unread badge'],
  ['on-warning', 'warning', 'warning badges'],
  ['on-danger', 'danger', 'danger buttons and badges'],
  ['surface', 'text', 'toast'],
  // Derived colours used for text (issue 22): hover shades, chat bubbles, badges.
  ['on-primary', 'primary-hover', 'primary buttons on hover, like button on hover'],
  ['primary-hover', 'background', 'links on hover'],
  ['primary-hover', 'surface', 'links on cards on hover'],
  ['on-primary', 'primary', "own chat bubbles: text, time and read mark"],
  ['text', 'background', "partner's chat bubbles: text, time"],
  ['text', 'surface', 'credits balance badge, gift bubbles, composer balance'],
  ['danger', 'surface', 'composer balance below the price'],
  ['primary', 'warning-soft', 'links in the notice area (welcome bonus)'],
]

export type ContrastProblem = { text: string; background: string; use: string; ratio: number }

/** The theme's text pairs below AA; empty when every one is readable. */
export function contrastProblems(theme: Theme): ContrastProblem[] {
  const vars = themeCssVars(theme)
  const colour = (name: string) => {
    const value = vars[`--color-${name}`]
    if (!value) throw new Error(`theme ${theme.name}: no --color-${name}`)
    return value
  }
  return TEXT_PAIRS.map(([text, background, use]) => ({ text, background, use, ratio: contrastRatio(colour(text), colour(background)) })).filter(
    (pair) => pair.ratio < MIN_TEXT_CONTRAST,
  )
}
