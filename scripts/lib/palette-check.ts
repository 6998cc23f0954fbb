// tenant:check's palette part (decision 014): the text the app puts on a site's brand
// colours must be readable, WCAG AA (4.5:1) on primary (buttons) and secondary (navigation,
// footer), 3:1 on the unread badge (bold, a graphical marker). The app picks white or
// near-black text for each colour (readableOn); a colour with neither readable fails.
import { contrastRatio, readableOn } from '../../app/modules/theme/css-vars.ts'
import type { Theme } from '../../themes/index.ts'

const MINIMUM = { primary: 4.5, secondary: 4.5, unread: 3 } as const

export function paletteProblems(site: string, theme: Theme): string[] {
  const problems: string[] = []
  for (const [name, minimum] of Object.entries(MINIMUM) as [keyof typeof MINIMUM, number][]) {
    const colour = theme.colors[name]
    const ratio = contrastRatio(readableOn(colour), colour)
    if (ratio < minimum) problems.push(`${site}: colors.${name} ${colour}: text on it reaches ${ratio.toFixed(2)}:1, WCAG AA needs ${minimum}:1`)
  }
  return problems
}
