export type ThemeColors = {
  /** Brand colour: buttons, links, highlights. */
  primary: string
  /** Darker brand colour: navigation bar, footer. */
  secondary: string
  /** Badge for unread messages. */
  unread: string
  background: string
  surface: string
  text: string
  muted: string
  success: string
  warning: string
  danger: string
}

export type Theme = {
  name: string
  colors: ThemeColors
  /** Corner radius of cards and buttons, in px. */
  radius: number
  fontFamily: string
  /** An SVG mark (no text), 64x64 viewBox, drawn beside the site name. */
  logoMark: string
}

export function defineTheme(theme: Theme): Theme {
  return theme
}
