// What each demo site must look like in the browser.
import { getEnv } from '../app/modules/config/env.server.ts'

export const E2E_PORT = getEnv().E2E_PORT

export const SITES = [
  { slug: 'flirtlokaal', name: 'FlirtLokaal', lang: 'nl', primary: '#8e44ad', company: 'Lokaal Media B.V.', login: 'Inloggen', languages: true },
  { slug: 'datedichtbij', name: 'DateDichtbij', lang: 'nl', primary: '#c2255c', company: 'Dichtbij Online B.V.', login: 'Inloggen', languages: true },
  { slug: 'datevibe', name: 'DateVibe', lang: 'en', primary: '#0b7285', company: 'Vibe Interactive Ltd', login: 'Log in', languages: false },
] as const

export const siteUrl = (slug: string, path = '/') => `http://${slug}.localhost:${E2E_PORT}${path}`

/**
 * For requests made from Node (Playwright's `request`), which cannot resolve *.localhost
 * the way Chromium does: loopback address plus the site's Host header.
 */
export const api = (slug: string, path: string) =>
  [`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${slug}.localhost:${E2E_PORT}` } }] as const

export const E2E_MAIL_PORT = getEnv().E2E_MAIL_PORT ?? E2E_PORT + 1

export type Mail = { to: string[]; subject: string; text: string; html: string; receivedAt: number }

/** Mails received over SMTP by the test server for `to`, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/mails?to=${encodeURIComponent(to)}`)
  return (await response.json()) as Mail[]
}

/** Waits for the newest mail to `to` whose subject matches, and returns its link to `path`. */
export async function waitForLink(to: string, subject: RegExp, path: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = (await mailsTo(to)).filter((m) => subject.test(m.subject) && m.receivedAt >= after).at(-1)
    if (mail) {
      const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, (c) => `\\${c}`)}\\S*`).exec(mail.text)
      if (match) return match[0]
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no mail to ${to} matching ${subject}`)
}
