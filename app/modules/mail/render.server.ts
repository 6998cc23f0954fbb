// Mails are translated (namespace `mail`) and themed per site: one React Email layout
// (layout.tsx) with the site's name, logo, colours and company details; the link is the one
// call to action; every mail has a plain-text part with the same words.
import type { TFunction } from 'i18next'
import type { Theme } from '../../../themes/index.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { render } from '@react-email/render'
import { MailLayout } from './layout.tsx'

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
  // Payments (decision 015).
  'direct_debit_code',
  // Notifications (decision 016).
  'new_message',
  'new_conversation',
  'new_like',
  'match',
  'unread_reminder',
  'weekly_update',
  'payment_receipt',
  // The console's refund decision (decision 054).
  'refund_declined',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

export type RenderedMail = { subject: string; text: string; html: string }

export async function renderMail(
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
): Promise<RenderedMail> {
  const { t, tenant, theme, link } = input
  const values = { ns: 'mail', siteName: tenant.name, ...input.values }
  const subject = t(`${kind}.subject`, values)
  const paragraphs = t(`${kind}.body`, { ...values, returnObjects: true }) as unknown
  const body = Array.isArray(paragraphs) ? (paragraphs as string[]) : [String(paragraphs)]
  const button = t(`${kind}.button`, values)
  const footer = t('footer', { ...values, companyName: tenant.company.name, supportEmail: tenant.supportEmail })
  const c = tenant.company
  const company = t('company', { ns: 'mail', name: c.name, address: c.address, zip: c.zip, city: c.city, kvk: c.kvk })
  const preferences = input.preferencesLink ? { text: t('preferences', values), link: input.preferencesLink } : undefined
  const text = [...body, '', `${button}: ${link}`, '', '--', footer, company, ...(preferences ? [`${preferences.text}: ${preferences.link}`] : [])].join('\n')
  let logo = ''
  try {
    logo = `${new URL(link).origin}/favicon.svg`
  } catch {
    // a relative link (tests): no logo
  }
  const html = await render(
    MailLayout({ lang: t('lang', { ns: 'mail', defaultValue: 'nl' }), siteName: tenant.name, logo, colors: theme.colors, preview: body[1] ?? subject, paragraphs: body, button, link, footer, company, preferences }),
  )
  return { subject, text, html }
}
