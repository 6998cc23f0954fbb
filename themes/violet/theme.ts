import { defineTheme } from '../define-theme.ts'

// The default theme (SPEC §9): purple primary, dark purple secondary, an extra unread colour.
export default defineTheme({
  name: 'violet',
  colors: {
    primary: '#8e44ad',
    secondary: '#3b1450',
    unread: '#e6007e',
    background: '#f7f3fa',
    surface: '#ffffff',
    text: '#231a2b',
    muted: '#6d6276',
    success: '#276b2b',
    warning: '#f0a202',
    danger: '#c62828',
  },
  radius: 12,
  fontFamily: "'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
  logoMark:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="32" r="30" fill="var(--color-primary)"/><path d="M32 47s-14-8.6-14-18.2A7.8 7.8 0 0 1 32 24a7.8 7.8 0 0 1 14 4.8C46 38.4 32 47 32 47z" fill="#fff"/></svg>',
})
