// Mail leaves the request (decision 016): a mail is rendered in the request, written to the
// site's outbox (OutboxMail) together with a `mail-send` job in one transaction, and a job
// delivers it: over SMTP (nodemailer) when SMTP_URL is set, otherwise it stays in the outbox
// for the development mailbox page (/dev/mailbox) and is only marked delivered.
import nodemailer, { type Transporter } from 'nodemailer'
import { getEnv, type Env } from '../config/env.server.ts'
import type { TFunction } from 'i18next'
import type { Theme } from '../../../themes/index.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { enqueueIn, wake } from '../jobs/runner.server.ts'
import { renderMail, type MailKind, type RenderedMail } from './render.server.ts'

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

export type QueuedMail = RenderedMail & { to: string; headers?: Record<string, string>; dedupeKey?: string }

/**
 * Writes the mail and its delivery job in the caller's transaction. With a `dedupeKey` a
 * second call (a retried job) queues nothing. Returns the outbox id, or null for a duplicate.
 */
export async function queueMailIn(tx: ScopedTx, scope: Scope, mail: QueuedMail): Promise<string | null> {
  const { to, subject, text, html, headers, dedupeKey } = mail
  const data = { poolId: scope.poolId, tenantId: scope.tenantId, to, subject, text, html, headers: headers as Prisma.InputJsonValue | undefined, dedupeKey }
  let id: string
  if (dedupeKey) {
    const rows = await tx.outboxMail.createManyAndReturn({ data: [data], skipDuplicates: true, select: { id: true } })
    if (!rows[0]) return null
    id = rows[0].id
  } else {
    id = (await tx.outboxMail.create({ data, select: { id: true } })).id
  }
  await enqueueIn(tx, 'mail-send', { tenantId: scope.tenantId, id })
  return id
}

/** Renders one of the account mails and queues it (its own transaction). */
export async function sendMail(ctx: MailContext, input: { to: string; kind: MailKind; link: string; values?: Record<string, string | number> }): Promise<void> {
  const mail = await renderMail(input.kind, { t: ctx.t, tenant: ctx.tenant, theme: ctx.theme, link: input.link, values: input.values })
  await withScope(ctx.db, ctx.scope, (tx) => queueMailIn(tx, ctx.scope, { to: input.to, ...mail }))
  wake('mail-send')
}

export type DeliveryOutcome = 'sent' | 'mailbox' | 'done' | 'busy'

/**
 * The `mail-send` job. The row is locked while the SMTP server takes the mail and marked
 * sent in the same transaction: a job for a sent mail does nothing, two jobs for one mail
 * never both send, and a node that dies mid-send leaves the mail unsent (rolled back), so it
 * is sent again by a retry or the sweep. Only a crash between the server's acceptance and the
 * commit (milliseconds) can send a mail twice; its Message-ID is the same both times.
 */
export async function deliverOutboxMail(db: Db, tenant: Pick<LoadedTenant, 'slug' | 'pool' | 'name' | 'supportEmail' | 'domains'>, id: string): Promise<DeliveryOutcome> {
  const scope = { tenantId: tenant.slug, poolId: tenant.pool }
  const transporter = smtp()
  try {
    return await withScope(
      db,
      scope,
      async (tx) => {
        const rows = await tx.$queryRaw<{ id: string; to: string; subject: string; text: string; html: string; headers: Record<string, string> | null; sentAt: Date | null }[]>`
          SELECT "id", "to", "subject", "text", "html", "headers", "sentAt" FROM "OutboxMail"
          WHERE "poolId" = ${scope.poolId} AND "tenantId" = ${scope.tenantId} AND "id" = ${id} FOR UPDATE SKIP LOCKED`
        const row = rows[0]
        if (!row) {
          const exists = await tx.outboxMail.count({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id } })
          return exists ? ('busy' as const) : ('done' as const)
        }
        if (row.sentAt) return 'done' as const
        if (!transporter) {
          await tx.outboxMail.update({ where: { poolId_tenantId_id: { ...scope, id } }, data: { sentAt: new Date() } })
          return 'mailbox' as const
        }
        await transporter.sendMail({
          from: { name: tenant.name, address: tenant.supportEmail },
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          headers: row.headers ?? undefined,
          messageId: `<${row.id}@${tenant.domains[0] ?? 'localhost'}>`,
        })
        await tx.outboxMail.update({ where: { poolId_tenantId_id: { ...scope, id } }, data: { sentAt: new Date(), attempts: { increment: 1 }, lastError: null } })
        return 'sent' as const
      },
      { timeout: 60_000, maxWait: 10_000 },
    )
  } catch (error) {
    await withScope(db, scope, (tx) =>
      tx.outboxMail.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id, sentAt: null }, data: { attempts: { increment: 1 }, lastError: String(error instanceof Error ? error.message : error).slice(0, 500) } }),
    ).catch(() => undefined)
    throw error
  }
}

/** Mails still unsent `olderThanMs` after they were queued (their job lost): queue them again. */
export async function sweepOutbox(db: Db, scope: Scope, now = new Date(), olderThanMs = 60_000): Promise<number> {
  const queued = await withScope(db, scope, async (tx) => {
    const stale = await tx.outboxMail.findMany({
      where: { tenantId: scope.tenantId, sentAt: null, createdAt: { lte: new Date(now.getTime() - olderThanMs) }, attempts: { lt: 20 } },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
      take: 500,
    })
    for (const m of stale) await enqueueIn(tx, 'mail-send', { tenantId: scope.tenantId, id: m.id })
    return stale.length
  })
  if (queued > 0) wake('mail-send')
  return queued
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

/**
 * The payment receipt (#13): queue it in the transaction that credited the payment (so a
 * payment credited once mails once: `reference` makes it idempotent), e.g.
 * `await queuePaymentReceiptIn(tx, ctx, { to, name, amount: '€ 19,95', credits: 100, reference: payment.id, link })`.
 */
export async function queuePaymentReceiptIn(
  tx: ScopedTx,
  ctx: Omit<MailContext, 'db'>,
  input: { to: string; name: string; amount: string; credits: number; reference: string; link: string },
): Promise<string | null> {
  const mail = await renderMail('payment_receipt', { t: ctx.t, tenant: ctx.tenant, theme: ctx.theme, link: input.link, values: { name: input.name, amount: input.amount, credits: input.credits, reference: input.reference } })
  return queueMailIn(tx, ctx.scope, { to: input.to, ...mail, dedupeKey: `payment_receipt:${input.reference}` })
}
