// Notifications of member events (decision 016): a message, a like or a match queues a
// `notify` job in the transaction that stored it; the job decides, in the recipient's site,
// language and preferences, whether a mail and pushes go out, and queues them (idempotent:
// a retried job queues no second mail and no second push).
import { createHash } from 'node:crypto'
import { themeFor } from '../../../themes/index.ts'
import type { Locale } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { translatorFor } from '../i18n/i18n.server.ts'
import { enqueueIn, wake } from '../jobs/runner.server.ts'
import { queueMailIn } from '../mail/send.server.ts'
import { renderMail, type MailKind } from '../mail/render.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { BULK_KINDS, type NotificationKind, type PushPayload } from './kinds.ts'
import { siteUrl, unsubscribeToken } from './links.server.ts'

export type NotifyJob =
  | { type: 'message'; poolId: string; to: number; from: number; conversation: number; first: boolean }
  | { type: 'like' | 'match'; poolId: string; to: number; from: number }

/** In the transaction that stored the message or like. */
export async function notifyIn(tx: ScopedTx, job: NotifyJob): Promise<void> {
  await enqueueIn(tx, 'notify', job)
}

/** After that transaction committed: this node's worker starts at once. */
export const wakeNotify = () => wake('notify')

/** A stable job id from parts, so the same push is never queued twice. */
export function jobIdFrom(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\n')).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export type Recipient = {
  userId: string
  email: string
  locale: Locale
  emailKinds: string[]
  pushKinds: string[]
  notificationsDisabled: string[]
  subscriptions: string[]
}

export function emailAllowed(user: Pick<Recipient, 'emailKinds' | 'notificationsDisabled'>, kind: NotificationKind): boolean {
  return user.notificationsDisabled.length === 0 && user.emailKinds.includes(kind)
}

export function localeOf(tenant: Pick<LoadedTenant, 'locales'>, locale: string | null): Locale {
  return (tenant.locales.offered as readonly string[]).includes(locale ?? '') ? (locale as Locale) : tenant.locales.default
}

export async function loadRecipient(tx: ScopedTx, tenant: LoadedTenant, userId: string): Promise<Recipient | null> {
  const user = await tx.user.findFirst({
    where: { tenantId: tenant.slug, id: userId, status: 'active' },
    select: { id: true, email: true, locale: true, emailKinds: true, pushKinds: true, notificationsDisabled: true, pushSubscriptions: { select: { id: true } } },
  })
  if (!user) return null
  return {
    userId: user.id,
    email: user.email,
    locale: localeOf(tenant, user.locale),
    emailKinds: user.emailKinds,
    pushKinds: user.pushKinds,
    notificationsDisabled: user.notificationsDisabled,
    subscriptions: user.pushSubscriptions.map((s) => s.id),
  }
}

export type Notification = {
  kind: NotificationKind
  mailKind: MailKind
  path: string
  values: Record<string, string | number>
  /** Identifies this notification (a job id): the same one never queues twice. */
  key: string
  /** The outbox dedupe key's prefix (a chat's mails are found by it); default `notify:`. */
  mailKeyPrefix?: string
  /** false: pushes only (a chat mail already waits unread, or went out within the hour). */
  mail?: boolean
}

/** A chat mails at most once an hour, and not again until the member read it. */
export const CHAT_MAIL_INTERVAL_MS = 3600_000

const chatMailPrefix = (userId: string, conversation: number) => `notify:chat:${userId}:${conversation}:`

/**
 * Whether a message in `conversation` may mail its recipient: not when an earlier mail of
 * this conversation went out within the hour, nor when the member has not read the
 * conversation since an earlier mail (11 messages are one mail, not 11).
 */
async function chatMailAllowed(tx: ScopedTx, tenant: LoadedTenant, user: Recipient, recipientId: number, conversation: number, now: Date): Promise<boolean> {
  // One decision at a time per conversation: two jobs never both see "no mail yet".
  await tx.$executeRaw`SELECT pg_advisory_xact_lock((x'4d41494c'::bigint << 32) + ${conversation}::bigint)`
  const last = await tx.outboxMail.findFirst({
    where: { tenantId: tenant.slug, dedupeKey: { startsWith: chatMailPrefix(user.userId, conversation) } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  })
  if (!last) return true
  if (now.getTime() - last.createdAt.getTime() < CHAT_MAIL_INTERVAL_MS) return false
  // Still unread from before that mail: the member has not been back since.
  const unreadBefore = await tx.message.count({
    where: { poolId: tenant.pool, conversationId: conversation, recipientId, readAt: null, deliveredAt: { not: null, lt: last.createdAt } },
  })
  return unreadBefore === 0
}

/**
 * Queues the mail (when the member wants this kind by e-mail and the address is not
 * disabled) and one push per subscription (when wanted by push), in `tx`.
 */
export async function deliverNotificationIn(tx: ScopedTx, tenant: LoadedTenant, user: Recipient, n: Notification): Promise<{ mail: boolean; pushes: number }> {
  const scope: Scope = { tenantId: tenant.slug, poolId: tenant.pool }
  const t = translatorFor(user.locale, tenant)
  const link = siteUrl(tenant, n.path)
  let mail = false
  if (n.mail !== false && emailAllowed(user, n.kind)) {
    const bulk = BULK_KINDS.includes(n.kind)
    const unsubscribe = siteUrl(tenant, `/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(tenant.slug, user.userId, n.kind))}`)
    const rendered = await renderMail(n.mailKind, { t, tenant, theme: themeFor(tenant), link, values: n.values, preferencesLink: siteUrl(tenant, '/notifications') })
    const headers = bulk ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined
    mail = (await queueMailIn(tx, scope, { to: user.email, ...rendered, headers, dedupeKey: `${n.mailKeyPrefix ?? 'notify:'}${n.key}` })) !== null
  }
  let pushes = 0
  if (user.pushKinds.includes(n.kind)) {
    const values = { ns: 'mail', siteName: tenant.name, ...n.values }
    const payload: PushPayload = { title: tenant.name, body: t(`push.${n.mailKind}`, values), url: n.path, tag: `${n.kind}:${n.path}`, kind: n.kind }
    for (const subscriptionId of user.subscriptions) {
      const id = await enqueueIn(tx, 'push-send', { tenantId: tenant.slug, subscriptionId, payload }, { id: jobIdFrom(n.key, subscriptionId) })
      if (id) pushes += 1
    }
  }
  return { mail, pushes }
}

/** The `notify` job. */
export async function runNotify(db: Db, tenants: readonly LoadedTenant[], job: NotifyJob, jobId: string, now = new Date()): Promise<{ mail: boolean; pushes: number } | null> {
  const people = await withScope(db, { tenantId: '', poolId: job.poolId }, (tx) =>
    tx.profile.findMany({ where: { poolId: job.poolId, id: { in: [job.to, job.from] } }, select: { id: true, name: true, tenantId: true, userId: true } }),
  )
  const recipient = people.find((p) => p.id === job.to)
  const sender = people.find((p) => p.id === job.from)
  if (!recipient?.userId || !recipient.tenantId || !sender) return null
  // The recipient's own site: its name, language and address; never the sender's site.
  const tenant = tenants.find((t) => t.slug === recipient.tenantId && t.pool === job.poolId)
  if (!tenant) return null
  const userId = recipient.userId
  const n: Notification =
    job.type === 'message'
      ? { kind: job.first ? 'new_conversations' : 'new_messages', mailKind: job.first ? 'new_conversation' : 'new_message', path: `/chats/${job.conversation}`, values: { name: recipient.name, sender: sender.name }, key: jobId }
      : job.type === 'match'
        ? { kind: 'like', mailKind: 'match', path: '/likes/matches', values: { name: recipient.name, sender: sender.name }, key: jobId }
        : { kind: 'like', mailKind: 'new_like', path: '/likes/received', values: { name: recipient.name, sender: sender.name }, key: jobId }
  const result = await withScope(db, { tenantId: tenant.slug, poolId: tenant.pool }, async (tx) => {
    const user = await loadRecipient(tx, tenant, userId)
    if (!user) return null
    if (job.type !== 'message') return deliverNotificationIn(tx, tenant, user, n)
    // A chat's mails: one until the member read it, at most one an hour (pushes unchanged).
    const mail = emailAllowed(user, n.kind) && (await chatMailAllowed(tx, tenant, user, job.to, job.conversation, now))
    return deliverNotificationIn(tx, tenant, user, { ...n, mail, mailKeyPrefix: chatMailPrefix(user.userId, job.conversation) })
  })
  if (result?.mail) wake('mail-send')
  if (result?.pushes) wake('push-send')
  return result
}
