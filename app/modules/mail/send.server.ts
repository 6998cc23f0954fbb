// Delivery: SMTP through nodemailer when SMTP_URL is set; otherwise the mail is kept in the
// site's outbox (OutboxMail) and shown on the development mailbox page (/dev/mailbox).
import nodemailer, { type Transporter } from 'nodemailer'
import type { TFunction } from 'i18next'
import type { Theme } from '../../../themes/index.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { renderMail, type MailKind } from './render.server.ts'

let transport: Transporter | null | undefined

function smtp(): Transporter | null {
  if (transport !== undefined) return transport
  transport = process.env.SMTP_URL ? nodemailer.createTransport(process.env.SMTP_URL) : null
  return transport
}

/** The outbox page is open only while mails are not really sent (no SMTP_URL). */
export function mailboxEnabled(): boolean {
  return !process.env.SMTP_URL && process.env.DEV_MAILBOX !== 'false'
}

export type MailContext = { db: Db; scope: Scope; tenant: LoadedTenant; theme: Theme; t: TFunction }

export async function sendMail(ctx: MailContext, input: { to: string; kind: MailKind; link: string; values?: Record<string, string | number> }): Promise<void> {
  const mail = renderMail(input.kind, { t: ctx.t, tenant: ctx.tenant, theme: ctx.theme, link: input.link, values: input.values })
  const transporter = smtp()
  if (transporter) {
    await transporter.sendMail({ from: { name: ctx.tenant.name, address: ctx.tenant.supportEmail }, to: input.to, ...mail })
    return
  }
  await withScope(ctx.db, ctx.scope, (tx) => tx.outboxMail.create({ data: { tenantId: ctx.scope.tenantId, to: input.to, ...mail } }))
}

/** Absolute link on the host the member is using (their site's domain or <slug>.localhost). */
export function siteLink(request: Request, path: string): string {
  const url = new URL(request.url)
  return `${url.protocol}//${url.host}${path}`
}
