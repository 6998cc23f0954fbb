import { defineTheme } from '../define-theme.ts'

export default defineTheme({
  name: 'ocean',
  colors: {
    primary: '#0b7285',
    secondary: '#0b2a3f',
    unread: '#f76707',
    background: '#f1f7f9',
    surface: '#ffffff',
    text: '#112029',
    muted: '#5b6b74',
    success: '#226f31',
    warning: '#f59f00',
    danger: '#c92a2a',
  },
  radius: 6,
  fontFamily: "'Trebuchet MS', 'Helvetica Neue', Arial, sans-serif",
  logoMark:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true"><path d="M32 4l24 14v28L32 60 8 46V18z" fill="var(--color-primary)"/><path d="M20 36c4-6 8-6 12 0s8 6 12 0" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cx="32" cy="24" r="5" fill="#fff"/></svg>',
})
