// /campaigns on the console host (issue #23, marketer and admin): mailings of kind
// promotions, news or reminders to a segment of one site's members in one language, by
// e-mail and/or web push (decision 054); the
// reach before sending, a test send to the operator, scheduled sending at the site's rate
// (pg-boss), and the counts: targeted, sent, failed, unsubscribed since, purchases with the
// campaign's code within 7 days. Every change audited. A preview (decision 058) shows the
// mail as members get it and the push message, of an existing campaign (?preview=id; another
// site's or pool's id: 404) or of a draft before it is created (intent preview).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { CampaignPreview } from '~/components/console/campaign-preview.tsx'
import { ConsoleField, ConsoleSelect, ConsoleTextArea, Notice } from '~/components/console/field.tsx'
import { CAMPAIGN_CHANNELS, CAMPAIGN_KINDS, campaignCounts, campaignPreview, type CampaignPreview as Preview, channelsOf, countTargets, renderCampaignMail, scheduleCampaignIn } from '~/modules/campaigns/campaigns.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { COUNTRY_CODES } from '~/modules/geo/countries.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { wake } from '~/modules/jobs/runner.server.ts'
import { queueMailIn } from '~/modules/mail/send.server.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator, type OperatorRequest } from '~/modules/operators/guard.server.ts'
import { reachWhere, withOperator } from '~/modules/operators/scope.server.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Campaigns' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, locale, ctx } = await requireOperator(context, request, { area: 'campaigns' })
  const previewed = await previewOf(db, reach.sites, new URL(request.url).searchParams.get('preview'))
  const rows = await withOperator(db, (tx) => tx.campaign.findMany({ where: reachWhere(reach), orderBy: { id: 'desc' }, take: 100 }))
  const date = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const campaigns = await Promise.all(
    rows.map(async (c) => {
      const site = reach.sites.find((s) => s.slug === c.tenantId)!
      // Counts read the outbox, a member-only table: as the campaign's site.
      const [counts, audience] = await withScope(ctx.db, { tenantId: site.slug, poolId: site.pool }, async (tx) => [await campaignCounts(tx, c), c.status === 'draft' ? await countTargets(tx, site, c) : null] as const)
      return { id: c.id, site: site.name, language: c.language, kind: c.kind, subject: c.subject, code: c.discountCode, channels: channelsOf(c), status: c.status, scheduledAt: c.scheduledAt ? date.format(c.scheduledAt) : null, reach: audience, ...counts }
    }),
  )
  return { campaigns, sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name, languages: s.locales.offered })), kinds: CAMPAIGN_KINDS, preview: previewed }
}

type Sites = OperatorRequest['reach']['sites']

/** The preview of an existing campaign of one of the operator's sites; any other id: 404. */
async function previewOf(db: OperatorRequest['db'], sites: Sites, raw: string | null): Promise<{ id: number; site: string; preview: Preview } | null> {
  if (raw === null) return null
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) >= 2 ** 31) throw new Response('Not Found', { status: 404 })
  const campaign = await withOperator(db, (tx) => tx.campaign.findFirst({ where: { id: Number(raw), poolId: { in: sites.map((s) => s.pool) }, tenantId: { in: sites.map((s) => s.slug) } } }))
  const site = campaign ? sites.find((s) => s.slug === campaign.tenantId && s.pool === campaign.poolId) : undefined
  if (!campaign || !site) throw new Response('Not Found', { status: 404 })
  return { id: campaign.id, site: site.name, preview: await campaignPreview(site, campaign) }
}

const CreateSchema = z.object({
  site: z.string().min(1, 'campaigns.siteRequired').max(60),
  language: z.string().regex(/^[a-z]{2}$/, 'campaigns.languageInvalid'),
  kind: z.enum(CAMPAIGN_KINDS, { message: 'campaigns.kindInvalid' }),
  subject: z.string().trim().min(1, 'campaigns.subjectRequired').max(150, 'campaigns.subjectTooLong'),
  body: z.string().trim().min(1, 'campaigns.bodyRequired').max(5000, 'campaigns.bodyTooLong'),
  code: z.string().trim().toUpperCase().regex(/^([A-Z0-9][A-Z0-9_-]{2,39})?$/, 'campaigns.codeInvalid'),
  paid: z.enum(['all', 'never', 'paid']),
  inactiveDays: z.string().regex(/^(\d{1,4})?$/, 'campaigns.daysInvalid'),
  country: z.string().trim().toUpperCase().refine((v) => v === '' || (COUNTRY_CODES as readonly string[]).includes(v), 'campaigns.countryInvalid'),
  gender: z.enum(['', 'man', 'woman']),
  channels: z.array(z.enum(CAMPAIGN_CHANNELS, { message: 'campaigns.channelsRequired' })).min(1, 'campaigns.channelsRequired'),
})

type Result = { ok: boolean; notice?: string; errors?: Record<string, string>; values?: Record<string, string>; channels?: string[]; id?: number; preview?: { site: string; preview: Preview } }

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor, operator, ctx } = await requireOperator(context, request, { area: 'campaigns' })
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const field = (k: string) => String(form.get(k) ?? '')
  if (intent === 'create' || intent === 'preview') {
    const values = Object.fromEntries(['site', 'language', 'kind', 'subject', 'body', 'code', 'paid', 'inactiveDays', 'country', 'gender'].map((k) => [k, field(k)]))
    const channels = form.getAll('channels').map(String)
    const parsed = CreateSchema.safeParse({ ...values, paid: values.paid || 'all', gender: values.gender ?? '', channels })
    const errors: Record<string, string> = {}
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message.startsWith('campaigns.') ? issue.message : 'errors.generic'
    const site = reach.sites.find((s) => s.slug === values.site)
    if (!site) errors.site = 'campaigns.siteRequired'
    else if (parsed.success && !(site.locales.offered as readonly string[]).includes(parsed.data.language)) errors.language = 'campaigns.languageInvalid'
    if (!parsed.success || !site || Object.keys(errors).length > 0) return data<Result>({ ok: false, errors, values, channels }, { status: 400 })
    const d = parsed.data
    if (intent === 'preview') {
      // The draft as members would get it; nothing is stored.
      const preview = await campaignPreview(site, { id: 0, language: d.language, kind: d.kind, subject: d.subject, body: d.body, discountCode: d.code || null, channels: d.channels })
      return data<Result>({ ok: true, values, channels, preview: { site: site.name, preview } })
    }
    const segment = { paid: d.paid, ...(d.inactiveDays ? { inactiveDays: Number(d.inactiveDays) } : {}), ...(d.country ? { country: d.country } : {}), ...(d.gender ? { gender: d.gender } : {}) }
    const id = await withOperator(db, async (tx) => {
      const row = await tx.campaign.create({ data: { poolId: site.pool, tenantId: site.slug, language: d.language, kind: d.kind, subject: d.subject, body: d.body, discountCode: d.code || null, channels: d.channels, segment, createdBy: operator.id }, select: { id: true } })
      await auditIn(tx, actor, { action: 'campaign.create', tenantId: site.slug, poolId: site.pool, targetType: 'campaign', targetId: row.id, after: { kind: d.kind, language: d.language, subject: d.subject, segment, code: d.code || null, channels: d.channels } })
      return row.id
    })
    return data<Result>({ ok: true, notice: 'campaigns.created', id })
  }
  const id = Number(field('id'))
  const campaign = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await withOperator(db, (tx) => tx.campaign.findFirst({ where: { id, ...reachWhere(reach) } })) : null
  if (!campaign) return data<Result>({ ok: false, notice: 'campaigns.notFound' }, { status: 404 })
  const site = reach.sites.find((s) => s.slug === campaign.tenantId && s.pool === campaign.poolId)
  if (!site) return data<Result>({ ok: false, notice: 'campaigns.notFound' }, { status: 404 })
  const scope = { tenantId: site.slug, poolId: site.pool }
  if (intent === 'test') {
    // To the operator's own address, as the site would send it (no unsubscribe: not a member).
    const mail = await renderCampaignMail(site, campaign, null)
    await withScope(ctx.db, scope, async (tx) => {
      await queueMailIn(tx, scope, { to: operator.email, ...mail, subject: campaign.subject })
      await auditIn(tx, actor, { action: 'campaign.test', tenantId: site.slug, poolId: site.pool, targetType: 'campaign', targetId: campaign.id })
    })
    wake('mail-send')
    return data<Result>({ ok: true, notice: 'campaigns.testSent' })
  }
  if (intent === 'schedule') {
    const raw = field('at')
    const at = raw ? new Date(raw) : null
    if (at && (Number.isNaN(at.getTime()) || at.getTime() < Date.now() - 60_000)) return data<Result>({ ok: false, errors: { at: 'campaigns.atInvalid' }, values: { at: raw } }, { status: 400 })
    const done = await withOperator(db, async (tx) => {
      const ok = await scheduleCampaignIn(tx, scope, campaign.id, at)
      if (ok) await auditIn(tx, actor, { action: 'campaign.schedule', tenantId: site.slug, poolId: site.pool, targetType: 'campaign', targetId: campaign.id, after: { at: at ?? 'now' } })
      return ok
    })
    if (done) wake('campaign-send')
    return data<Result>({ ok: done, notice: done ? 'campaigns.scheduled' : 'campaigns.notDraft' }, { status: done ? 200 : 400 })
  }
  if (intent === 'cancel') {
    const done = await withOperator(db, async (tx) => {
      const changed = await tx.campaign.updateMany({ where: { poolId: site.pool, tenantId: site.slug, id: campaign.id, status: { in: ['draft', 'scheduled', 'sending'] } }, data: { status: 'canceled' } })
      if (changed.count > 0) await auditIn(tx, actor, { action: 'campaign.cancel', tenantId: site.slug, poolId: site.pool, targetType: 'campaign', targetId: campaign.id, before: { status: campaign.status }, after: { status: 'canceled' } })
      return changed.count > 0
    })
    return data<Result>({ ok: done, notice: done ? 'campaigns.canceled' : 'campaigns.notFound' }, { status: done ? 200 : 400 })
  }
  return data<Result>({ ok: false, notice: 'campaigns.notFound' }, { status: 400 })
}

const CHANNELS = ['email', 'push'] as const

export default function Campaigns() {
  const { t } = useTranslation('console')
  const { campaigns, sites, kinds, preview } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errors = result?.errors ?? {}
  const v = (k: string) => result?.values?.[k] ?? null
  return (
    <div className="stack">
      <h1>{t('campaigns.title')}</h1>
      {result?.notice ? <Notice tone={result.ok ? 'success' : 'danger'}>{t(result.notice)}</Notice> : null}
      {preview && !result?.preview ? <CampaignPreview preview={preview.preview} site={preview.site} closeTo="/campaigns" /> : null}
      <table className="console-table" data-testid="campaigns">
        <thead>
          <tr>
            <th scope="col">{t('campaigns.subject')}</th>
            <th scope="col">{t('campaigns.site')}</th>
            <th scope="col">{t('campaigns.status')}</th>
            <th scope="col">{t('campaigns.counts')}</th>
            <th scope="col">{t('campaigns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => (
            <tr key={c.id}>
              <td>
                {c.subject} · {c.kind} · {c.language}
                {c.code ? ` · ${c.code}` : ''}
                {' · '}
                {c.channels.map((ch) => t(`campaigns.channelNames.${ch}`)).join(' + ')}
              </td>
              <td>{c.site}</td>
              <td>
                {t(`campaigns.statuses.${c.status}`)}
                {c.scheduledAt ? ` · ${c.scheduledAt}` : ''}
                {c.reach !== null ? ` · ${t('campaigns.reach', { count: c.reach })}` : ''}
              </td>
              <td>{t('campaigns.countsText', { targeted: c.targeted, sent: c.sent, pushed: c.pushed, failed: c.failed, unsubscribed: c.unsubscribed, purchases: c.purchases })}</td>
              <td>
                <Link to={`?preview=${c.id}`} className="button button--light" aria-label={t('campaigns.previewOf', { subject: c.subject })}>
                  {t('campaigns.preview')}
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" name="intent" value="test" className="button button--light">
                    {t('campaigns.test')}
                  </button>
                  {c.status === 'draft' ? (
                    <>
                      <label>
                        {t('campaigns.at')} <input type="datetime-local" name="at" />
                      </label>
                      <button type="submit" name="intent" value="schedule" className="button button--primary">
                        {t('campaigns.schedule')}
                      </button>
                    </>
                  ) : null}
                  {['draft', 'scheduled', 'sending'].includes(c.status) ? (
                    <button type="submit" name="intent" value="cancel" className="button button--danger">
                      {t('campaigns.cancel')}
                    </button>
                  ) : null}
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {campaigns.length === 0 ? <p>{t('campaigns.none')}</p> : null}

      <Form method="post" className="console-card stack" aria-labelledby="new-campaign">
        <h2 id="new-campaign">{t('campaigns.new')}</h2>
        <ConsoleSelect id="field-site" name="site" label={t('campaigns.site')} defaultValue={v('site') ?? sites[0]?.slug} error={errors.site} options={sites.map((s) => ({ value: s.slug, label: `${s.name} (${s.languages.join(', ')})` }))} />
        <ConsoleField name="language" label={t('campaigns.language')} hint={t('campaigns.languageHint')} defaultValue={v('language') ?? 'nl'} error={errors.language} maxLength={2} />
        <ConsoleSelect id="field-kind" name="kind" label={t('campaigns.kind')} defaultValue={v('kind') ?? 'promotions'} error={errors.kind} options={kinds.map((k) => ({ value: k, label: t(`campaigns.kinds.${k}`) }))} />
        <fieldset className="field" aria-describedby={errors.channels ? 'field-channels-error' : undefined}>
          <legend>{t('campaigns.channels')}</legend>
          {CHANNELS.map((ch) => (
            <label key={ch}>
              <input type="checkbox" name="channels" value={ch} defaultChecked={result?.channels ? result.channels.includes(ch) : ch === 'email'} /> {t(`campaigns.channelNames.${ch}`)}
            </label>
          ))}
          <p className="field-hint">{t('campaigns.channelsHint')}</p>
          {errors.channels ? (
            <p className="field-error" id="field-channels-error" role="alert">
              {t(errors.channels)}
            </p>
          ) : null}
        </fieldset>
        <ConsoleField name="subject" label={t('campaigns.subject')} defaultValue={v('subject')} error={errors.subject} maxLength={150} />
        <ConsoleTextArea name="body" label={t('campaigns.body')} defaultValue={v('body')} error={errors.body} rows={8} maxLength={5000} />
        <ConsoleField name="code" label={t('campaigns.code')} hint={t('campaigns.codeHint')} defaultValue={v('code')} error={errors.code} maxLength={40} />
        <fieldset className="field">
          <legend>{t('campaigns.segment')}</legend>
          <ConsoleSelect id="field-paid" name="paid" label={t('campaigns.paid')} defaultValue={v('paid') ?? 'all'} options={[{ value: 'all', label: t('campaigns.paidAll') }, { value: 'never', label: t('campaigns.paidNever') }, { value: 'paid', label: t('campaigns.paidPaid') }]} />
          <ConsoleField name="inactiveDays" label={t('campaigns.inactiveDays')} defaultValue={v('inactiveDays')} error={errors.inactiveDays} inputMode="numeric" maxLength={4} />
          <ConsoleField name="country" label={t('campaigns.country')} defaultValue={v('country')} error={errors.country} maxLength={2} />
          <ConsoleSelect id="field-gender" name="gender" label={t('campaigns.gender')} defaultValue={v('gender') ?? ''} all={t('campaigns.genderAll')} options={[{ value: 'woman', label: t('campaigns.woman') }, { value: 'man', label: t('campaigns.man') }]} />
        </fieldset>
        <div className="campaign-buttons">
          {/* The first submit button: Enter in a field creates, as before. */}
          <button type="submit" name="intent" value="create" className="button button--primary">
            {t('campaigns.create')}
          </button>
          <button type="submit" name="intent" value="preview" className="button button--light">
            {t('campaigns.previewDraft')}
          </button>
        </div>
      </Form>
      {result?.preview ? <CampaignPreview preview={result.preview.preview} site={result.preview.site} /> : null}
    </div>
  )
}
