// Campaigns (issue #23): a marketer's mailing of kind promotions, news or reminders to a
// segment of one site's members in one language, by e-mail (the site's mail layout, one-click
// List-Unsubscribe) and/or web push (decision 054), each only where the member's preferences
// allow that kind on that channel. Sent by the `campaign-send` job in batches of the site's rate per
// minute. Each batch is one transaction: the CampaignSend rows (key: campaign, member) and
// their outbox mails and push jobs commit together or not at all, and a member already in CampaignSend is
// never selected again. So a worker that dies mid-send (its transaction rolls back) or two
// workers at once still give every member the campaign exactly once.
import type { Campaign } from '~/generated/prisma/client.ts'
import { themeFor } from '../../../themes/index.ts'
import type { Locale } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { translatorFor } from '../i18n/i18n.server.ts'
import { enqueueIn, wake } from '../jobs/runner.server.ts'
import { MailLayout } from '../mail/layout.tsx'
import { queueMailIn, type QueuedMail } from '../mail/send.server.ts'
import type { PushPayload } from '../notifications/kinds.ts'
import { siteUrl, unsubscribeToken } from '../notifications/links.server.ts'
import { jobIdFrom } from '../notifications/notify.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { render } from '@react-email/render'

export const CAMPAIGN_KINDS = ['promotions', 'news', 'reminders'] as const
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number]
export const CAMPAIGN_CHANNELS = ['email', 'push'] as const
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number]
export type Segment = { paid?: 'all' | 'never' | 'paid'; inactiveDays?: number; country?: string; gender?: 'man' | 'woman' }

/** The mail of a campaign for one member (or the operator's test send). */
export async function renderCampaignMail(tenant: LoadedTenant, campaign: Pick<Campaign, 'language' | 'subject' | 'body' | 'discountCode' | 'kind'>, unsubscribe: string | null) {
  const locale = ((tenant.locales.offered as readonly string[]).includes(campaign.language) ? campaign.language : tenant.locales.default) as Locale
  const t = translatorFor(locale, tenant)
  const values = { ns: 'mail', siteName: tenant.name }
  const link = siteUrl(tenant, campaign.discountCode ? `/credits?code=${encodeURIComponent(campaign.discountCode)}` : '/')
  const paragraphs = campaign.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
  if (campaign.discountCode) paragraphs.push(t('campaign.code', { ...values, code: campaign.discountCode }))
  const button = t(campaign.discountCode ? 'campaign.buttonCode' : 'campaign.button', values)
  const c = tenant.company
  const footer = t('footer', { ...values, companyName: c.name, supportEmail: tenant.supportEmail })
  const company = t('company', { ns: 'mail', name: c.name, address: c.address, zip: c.zip, city: c.city, kvk: c.kvk })
  const preferences = unsubscribe ? { text: t('campaign.unsubscribe', values), link: unsubscribe } : undefined
  const theme = themeFor(tenant)
  const html = await render(MailLayout({ lang: locale, siteName: tenant.name, logo: `${new URL(link).origin}/favicon.svg`, colors: theme.colors, preview: paragraphs[0] ?? campaign.subject, paragraphs, button, link, footer, company, preferences }))
  const text = [...paragraphs, '', `${button}: ${link}`, '', '--', footer, company, ...(preferences ? [`${preferences.text}: ${preferences.link}`] : [])].join('\n')
  return { subject: campaign.subject, text, html }
}

/**
 * Where each member's own unsubscribe link goes: the batch renders the mail once with this
 * and puts the member's link in its place; the console's preview keeps it (a reserved
 * `.invalid` host, so a click leads nowhere).
 */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/__member__'

export type CampaignPreview = { subject: string; mail: { html: string; text: string } | null; push: PushPayload | null }

/**
 * The campaign as its members get it, for the console's preview (decision 058): the mail
 * exactly as the batch renders it (the site's layout, the placeholder for the unsubscribe
 * link) when it goes by e-mail, the push message when it goes by push.
 */
export async function campaignPreview(tenant: LoadedTenant, campaign: Pick<Campaign, 'id' | 'language' | 'subject' | 'body' | 'discountCode' | 'kind' | 'channels'>): Promise<CampaignPreview> {
  const channels = channelsOf(campaign)
  const mail = channels.includes('email') ? await renderCampaignMail(tenant, campaign, UNSUBSCRIBE_PLACEHOLDER) : null
  return { subject: campaign.subject, mail: mail ? { html: mail.html, text: mail.text } : null, push: channels.includes('push') ? campaignPush(tenant, campaign) : null }
}

/** The campaign's channels (a row from before decision 054 has none: e-mail). */
export function channelsOf(campaign: Pick<Campaign, 'channels'>): CampaignChannel[] {
  const chosen = CAMPAIGN_CHANNELS.filter((c) => campaign.channels.includes(c))
  return chosen.length > 0 ? chosen : ['email']
}

/**
 * Members of the segment who want this kind on one of the campaign's channels (by e-mail: the
 * kind chosen and the address not disabled; by push: the kind chosen and a subscription) and
 * have not had this campaign, at most `take`.
 */
async function nextTargets(tx: ScopedTx, tenant: LoadedTenant, campaign: Campaign, take: number, now: Date) {
  const segment = (campaign.segment ?? {}) as Segment
  const inactiveBefore = segment.inactiveDays ? new Date(now.getTime() - segment.inactiveDays * 86_400_000) : null
  const isDefault = campaign.language === tenant.locales.default
  const channels = channelsOf(campaign)
  const wants = [
    ...(channels.includes('email') ? [{ emailKinds: { has: campaign.kind }, notificationsDisabled: { isEmpty: true } }] : []),
    ...(channels.includes('push') ? [{ pushKinds: { has: campaign.kind }, pushSubscriptions: { some: {} } }] : []),
  ]
  return tx.user.findMany({
    where: {
      poolId: tenant.pool,
      tenantId: tenant.slug,
      status: 'active',
      bannedAt: null,
      AND: [{ OR: wants }],
      ...(isDefault ? { OR: [{ locale: campaign.language }, { locale: null }] } : { locale: campaign.language }),
      ...(segment.paid === 'paid' ? { paidUser: true } : segment.paid === 'never' ? { paidUser: false } : {}),
      profile: { is: { status: 'active', ...(segment.country ? { country: segment.country } : {}), ...(segment.gender ? { gender: segment.gender } : {}), ...(inactiveBefore ? { lastActiveAt: { lt: inactiveBefore } } : {}) } },
      NOT: { id: { in: (await tx.campaignSend.findMany({ where: { poolId: tenant.pool, tenantId: tenant.slug, campaignId: campaign.id }, select: { userId: true } })).map((s) => s.userId) } },
    },
    select: { id: true, email: true, emailKinds: true, notificationsDisabled: true, pushKinds: true, pushSubscriptions: { select: { id: true }, orderBy: { id: 'asc' } } },
    orderBy: { id: 'asc' },
    take,
  })
}

/** How many members the segment reaches now (the preview's count). */
export async function countTargets(tx: ScopedTx, tenant: LoadedTenant, campaign: Campaign, now = new Date()): Promise<number> {
  return (await nextTargets(tx, tenant, campaign, 100_000, now)).length
}

export type BatchOptions = { now?: Date; batchSize?: number; /** Tests: runs after each member's rows are written, inside the transaction. */ afterEach?: (n: number) => Promise<void> }

/**
 * One batch: up to the site's rate of members get their row and their mail, in one
 * transaction. Returns how many; 0 means the campaign is done (it is marked so).
 */
export async function sendCampaignBatch(db: Db, tenant: LoadedTenant, campaignId: number, options: BatchOptions = {}): Promise<number> {
  const scope: Scope = { tenantId: tenant.slug, poolId: tenant.pool }
  const now = options.now ?? new Date()
  const take = options.batchSize ?? tenant.campaignRatePerMinute
  const sent = await withScope(
    db,
    scope,
    async (tx) => {
      // One batch of a campaign at a time (a second worker waits, then sees the rows).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${0x63616d70}::int, ${campaignId}::int)`
      const campaign = await tx.campaign.findFirst({ where: { poolId: tenant.pool, tenantId: tenant.slug, id: campaignId } })
      if (!campaign || campaign.status === 'done' || campaign.status === 'canceled' || campaign.status === 'draft') return { n: 0, pushed: 0 }
      const targets = await nextTargets(tx, tenant, campaign, take, now)
      // Rendered once per batch; each member's own unsubscribe link is put in its place.
      const channels = channelsOf(campaign)
      const template = targets.length > 0 && channels.includes('email') ? await renderCampaignMail(tenant, campaign, UNSUBSCRIBE_PLACEHOLDER) : null
      const push = channels.includes('push') ? campaignPush(tenant, campaign) : null
      let n = 0
      let pushed = 0
      for (const user of targets) {
        const inserted = await tx.$executeRaw`INSERT INTO "CampaignSend" ("poolId", "campaignId", "tenantId", "userId") VALUES (${tenant.pool}, ${campaign.id}, ${tenant.slug}, ${user.id}) ON CONFLICT DO NOTHING`
        if (inserted === 0) continue
        n += 1
        // Web push: one message per subscription, its job id derived from campaign, member and
        // subscription (a second enqueue of the same is refused by the queue).
        if (push && user.pushKinds.includes(campaign.kind) && user.pushSubscriptions.length > 0) {
          let pushes = 0
          for (const sub of user.pushSubscriptions) {
            const id = await enqueueIn(tx, 'push-send', { tenantId: tenant.slug, subscriptionId: sub.id, payload: push }, { id: jobIdFrom(`campaign:${campaign.id}:${user.id}`, sub.id) })
            if (id) pushes += 1
          }
          await tx.campaignSend.updateMany({ where: { campaignId: campaign.id, userId: user.id }, data: { pushes } })
          pushed += pushes
        }
        if (!template || !user.emailKinds.includes(campaign.kind) || user.notificationsDisabled.length > 0) {
          await options.afterEach?.(n)
          continue
        }
        const unsubscribe = siteUrl(tenant, `/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(tenant.slug, user.id, campaign.kind as CampaignKind))}`)
        const mail: QueuedMail = {
          to: user.email,
          subject: template!.subject,
          html: template!.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribe.replace(/&/g, '&amp;')),
          text: template!.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribe),
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          dedupeKey: `campaign:${campaign.id}:${user.id}`,
        }
        const outboxId = await queueMailIn(tx, scope, mail)
        if (outboxId) await tx.campaignSend.updateMany({ where: { campaignId: campaign.id, userId: user.id }, data: { outboxId } })
        await options.afterEach?.(n)
      }
      if (targets.length < take) {
        await tx.campaign.updateMany({ where: { poolId: tenant.pool, tenantId: tenant.slug, id: campaign.id }, data: { status: 'done', finishedAt: now } })
      } else {
        if (campaign.status === 'scheduled') await tx.campaign.updateMany({ where: { poolId: tenant.pool, tenantId: tenant.slug, id: campaign.id }, data: { status: 'sending' } })
        // The next minute's batch: the site's rate.
        await enqueueIn(tx, 'campaign-send', { tenantId: tenant.slug, campaignId: campaign.id }, { startAfter: 60 })
      }
      return { n, pushed }
    },
    { timeout: 120_000 },
  )
  if (sent.n > 0) wake('mail-send')
  if (sent.pushed > 0) wake('push-send')
  return sent.n
}

/** The campaign's push message: the subject as title, the first paragraph as text, the code's checkout as link. */
export function campaignPush(tenant: Pick<LoadedTenant, 'name'>, campaign: Pick<Campaign, 'id' | 'subject' | 'body' | 'discountCode' | 'kind'>): PushPayload {
  const first = campaign.body.split(/\n\s*\n/).map((p) => p.trim()).find(Boolean) ?? ''
  const body = first.length > 180 ? `${first.slice(0, 179).trimEnd()}…` : first
  const url = campaign.discountCode ? `/credits?code=${encodeURIComponent(campaign.discountCode)}` : '/'
  return { title: campaign.subject || tenant.name, body, url, tag: `campaign:${campaign.id}`, kind: campaign.kind }
}

/** Schedules a draft: its first batch at `at` (now when absent). */
export async function scheduleCampaignIn(tx: ScopedTx, scope: Scope, campaignId: number, at: Date | null): Promise<boolean> {
  const { tenantId } = scope
  const changed = await tx.campaign.updateMany({ where: { poolId: scope.poolId, tenantId, id: campaignId, status: 'draft' }, data: { status: 'scheduled', scheduledAt: at ?? new Date() } })
  if (changed.count === 0) return false
  await enqueueIn(tx, 'campaign-send', { tenantId, campaignId }, at ? { startAfter: at } : {})
  return true
}

/** targeted, sent (mails), pushed (push messages queued), failed, unsubscribed since, purchases with the campaign's code within 7 days. */
export async function campaignCounts(tx: ScopedTx, campaign: Campaign) {
  const email = channelsOf(campaign).includes('email')
  const push = channelsOf(campaign).includes('push')
  const [row] = await tx.$queryRaw<{ targeted: number; sent: number; pushed: number; failed: number; unsubscribed: number; purchases: number }[]>`
    SELECT count(*)::int AS targeted,
           coalesce(sum(s.pushes), 0)::int AS pushed,
           count(*) FILTER (WHERE o."sentAt" IS NOT NULL)::int AS sent,
           count(*) FILTER (WHERE o."sentAt" IS NULL AND o."lastError" IS NOT NULL)::int AS failed,
           count(*) FILTER (WHERE NOT ((${email} AND ${campaign.kind} = ANY (u."emailKinds") AND cardinality(u."notificationsDisabled") = 0) OR (${push} AND ${campaign.kind} = ANY (u."pushKinds"))))::int AS unsubscribed,
           (SELECT count(*)::int FROM "Payment" p JOIN "CampaignSend" s2 ON s2."poolId" = p."poolId" AND s2."tenantId" = p."tenantId" AND s2."campaignId" = ${campaign.id} AND s2."userId" = p."userId"
             WHERE p."poolId" = ${campaign.poolId} AND p."tenantId" = ${campaign.tenantId} AND ${campaign.discountCode}::text IS NOT NULL AND p."discountCode" = ${campaign.discountCode}
               AND p."paidAt" >= s2."createdAt" AND p."paidAt" < s2."createdAt" + interval '7 days') AS purchases
      FROM "CampaignSend" s
      LEFT JOIN "OutboxMail" o ON o."poolId" = s."poolId" AND o."tenantId" = s."tenantId" AND o.id = s."outboxId"
      LEFT JOIN "User" u ON u."poolId" = s."poolId" AND u."tenantId" = s."tenantId" AND u.id = s."userId"
     WHERE s."poolId" = ${campaign.poolId} AND s."tenantId" = ${campaign.tenantId} AND s."campaignId" = ${campaign.id}`
  return row ?? { targeted: 0, sent: 0, pushed: 0, failed: 0, unsubscribed: 0, purchases: 0 }
}
