// Mails are translated (namespace `mail`) and themed per site: the site's name, colours and
// company details; the link is the one call to action.
import type { TFunction } from 'i18next'
import type { Theme } from '../../../themes/index.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { readableOn } from '../theme/css-vars.ts'

export const MAIL_KINDS = [
  'activation',
  'password_reset',
  'email_change',
  'reactivation',
  'account_deleted',
  'existing_account',
  'password_changed',
  'email_changed',
  'complaint_received',
  // Notifications (decision 016).
  'new_message',
  'new_conversation',
  'new_like',
  'match',
  'unread_reminder',
  'weekly_update',
  'payment_receipt',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

export type RenderedMail = { subject: string; text: string; html: string }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function renderMail(
  kind: MailKind,
  input: {
    t: TFunction
    tenant: LoadedTenant
    theme: Theme
    link: string
    values?: Record<string, string | number>
    /** Notification mails: where the member changes which mails they get (and, for bulk mail, the one-click unsubscribe). */
    preferencesLink?: string
  },
): RenderedMail {
  const { t, tenant, theme, link } = input
  const values = { ns: 'mail', siteName: tenant.name, ...input.values }
  const subject = t(`${kind}.subject`, values)
  const paragraphs = t(`${kind}.body`, { ...values, returnObjects: true }) as unknown
  const body = Array.isArray(paragraphs) ? (paragraphs as string[]) : [String(paragraphs)]
  const button = t(`${kind}.button`, values)
  const footer = t('footer', { ...values, companyName: tenant.company.name, supportEmail: tenant.supportEmail })
  const preferences = input.preferencesLink ? t('preferences', values) : ''
  const text = [...body, '', `${button}: ${link}`, '', '--', footer, ...(input.preferencesLink ? [`${preferences}: ${input.preferencesLink}`] : [])].join('\n')
  const c = theme.colors
  const html = `<!doctype html><html><body style="margin:0;background:${c.background};font-family:Arial,sans-serif;color:${c.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:${c.surface};border-radius:8px">
<tr><td style="background:${c.secondary};color:${readableOn(c.secondary)};padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escape(tenant.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${body.map((p) => `<p>${escape(p)}</p>`).join('')}
<p style="margin:28px 0"><a href="${escape(link)}" style="background:${c.primary};color:${readableOn(c.primary)};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escape(button)}</a></p>
<p style="font-size:12px;color:${c.muted}">${escape(link)}</p></td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:${c.muted}">${escape(footer)}${input.preferencesLink ? `<br><a href="${escape(input.preferencesLink)}" style="color:${c.muted}">${escape(preferences)}</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`
  return { subject, text, html }
}
