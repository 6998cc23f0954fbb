import { defineTheme } from '../define-theme.ts'

export default defineTheme({
  name: 'rose',
  colors: {
    primary: '#c2255c',
    secondary: '#5c1233',
    unread: '#7048e8',
    background: '#fff5f8',
    surface: '#ffffff',
    text: '#2b1a21',
    muted: '#7a6168',
    success: '#226f31',
    warning: '#e8890c',
    danger: '#b02a37',
  },
  radius: 20,
  fontFamily: "Georgia, 'Times New Roman', serif",
  logoMark:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="16" fill="var(--color-primary)"/><circle cx="25" cy="30" r="9" fill="none" stroke="#fff" stroke-width="4"/><circle cx="39" cy="30" r="9" fill="none" stroke="#fff" stroke-width="4"/><path d="M22 46h20" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>',
})
