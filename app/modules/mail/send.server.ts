// Delivery: SMTP through nodemailer when SMTP_URL is set; otherwise the mail is kept in the
// site's outbox (OutboxMail) and shown on the development mailbox page (/dev/mailbox).
import nodemailer, { type Transporter } from 'nodemailer'
import { getEnv, type Env } from '../config/env.server.ts'
import type { TFunction } from 'i18next'
import type { Theme } from '../../../themes/index.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { renderMail, type MailKind } from './render.server.ts'

let transport: Transporter | null | undefined

function smtp(): Transporter | null {
  if (transport !== undefined) return transport
  const url = getEnv().SMTP_URL
  transport = url ? nodemailer.createTransport(url) : null
  return transport
}

/** The outbox page exists only in the demo, while mails are not really sent (no SMTP_URL). */
export function mailboxEnabled(env: Env = getEnv()): boolean {
  return env.mode === 'demo' && !env.SMTP_URL && env.DEV_MAILBOX
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

/**
 * Absolute link for a mail. In production always the site's canonical address (https and
 * its first domain), whatever host or scheme the request came in on; in the demo the host
 * the member is using (<slug>.localhost), so links in the mailbox and in tests work.
 */
export function siteLink(tenant: Pick<LoadedTenant, 'domains'>, request: Request, path: string, env: Env = getEnv()): string {
  if (env.mode === 'production') return `https://${tenant.domains[0]}${path}`
  const url = new URL(request.url)
  return `${url.protocol}//${url.host}${path}`
}
