// /reports on the console host (decision 053): the moderators' queue. Held messages first
// (romance-scam protection: release delivers, reject refunds the credits once), then the
// open reports of the operator's sites grouped by the reported profile, with what was
// reported and the member's history; dismiss, warn, hide a photo, ban. Every action is
// audited and closes that profile's open reports. Admins and moderators.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConsoleSelect, Notice } from '~/components/console/field.tsx'
import { poolDataChanged } from '~/modules/cache/pool-data.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { removeAfterCommit } from '~/modules/media/deletions.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { decideHold, listHeld } from '~/modules/safety/holds.server.ts'
import { actOnReportsIn, listReportGroups, REPORT_ACTIONS, type ReportAction } from '~/modules/safety/moderation.server.ts'
import { REPORT_REASONS, type ReportReasonKey } from '~/modules/safety/report-form.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Reports' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, locale } = await requireOperator(context, request, { area: 'reports' })
  const date = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const fmt = (d: Date | null) => (d ? date.format(d) : null)
  // One after the other: both run on this transaction's one connection.
  const { held, reports } = await withOperator(db, async (tx) => ({ held: await listHeld(tx, reach), reports: await listReportGroups(tx, reach) }))
  return {
    held: {
      total: held.total,
      items: held.items.map((h) => ({ ...h, createdAt: fmt(h.createdAt), context: h.context.map((c) => ({ ...c, createdAt: fmt(c.createdAt) })) })),
    },
    reports: {
      open: reports.open,
      groups: reports.groups.map((g) => ({
        ...g,
        reports: g.reports.map((r) => ({ ...r, createdAt: fmt(r.createdAt), reporterSiteName: reach.sites.find((s) => s.slug === r.reporterSite)?.name ?? r.reporterSite })),
        conversations: g.conversations.map((c) => ({ ...c, lines: c.lines.map((l) => ({ ...l, createdAt: fmt(l.createdAt) })) })),
        history: {
          reports: g.history.reports.map((r) => ({ ...r, decidedAt: fmt(r.decidedAt) })),
          warnings: g.history.warnings.map((w) => ({ ...w, createdAt: fmt(w.createdAt) })),
        },
      })),
    },
  }
}

type Result = { ok: boolean; notice: string; target?: string; errors?: Record<string, string>; values?: Record<string, string> }

const MESSAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isAction = (v: string): v is ReportAction => (REPORT_ACTIONS as readonly string[]).includes(v)
const isReason = (v: string): v is ReportReasonKey => (REPORT_REASONS as readonly string[]).includes(v)

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor, ctx } = await requireOperator(context, request, { area: 'reports' })
  const form = await request.formData()
  const text = (key: string) => String(form.get(key) ?? '').trim()
  const intent = text('intent')
  if (intent === 'release' || intent === 'reject') {
    const messageId = text('message')
    if (!MESSAGE_ID.test(messageId)) return data<Result>({ ok: false, notice: 'reports.notFound' }, { status: 404 })
    const outcome = await decideHold(ctx.db, db, actor, reach, messageId.toLowerCase(), intent)
    if (!outcome.ok) return data<Result>({ ok: false, notice: outcome.reason === 'decided' ? 'reports.alreadyDecided' : 'reports.notFound' }, { status: outcome.reason === 'decided' ? 409 : 404 })
    return data<Result>({ ok: true, notice: intent === 'release' ? 'reports.released' : 'reports.rejected' })
  }
  if (!isAction(intent)) return data<Result>({ ok: false, notice: 'errors.generic' }, { status: 400 })
  const poolId = text('pool')
  const targetId = Number(text('target'))
  if (!reach.pools.includes(poolId) || !Number.isSafeInteger(targetId) || targetId <= 0 || targetId > 2_147_483_647) return data<Result>({ ok: false, notice: 'reports.notFound' }, { status: 404 })
  const target = `${poolId}/${targetId}`
  const reasonText = text('reason')
  const reason = isReason(reasonText) ? reasonText : null
  const note = text('note').slice(0, 500)
  if (intent === 'warn' && !reason) return data<Result>({ ok: false, notice: 'reports.reasonRequired', target, errors: { reason: 'reports.reasonRequired' } }, { status: 400 })
  if (intent === 'ban' && note.length < 3) return data<Result>({ ok: false, notice: 'reports.banReasonRequired', target, errors: { note: 'members.reasonRequired' }, values: { note } }, { status: 400 })
  const photoText = text('photo')
  const photoId = /^\d{1,10}$/.test(photoText) ? Number(photoText) : null
  const result = await withOperator(db, (tx) => actOnReportsIn(tx, actor, reach, { poolId, targetId, action: intent, photoId, reason, note }))
  if (!result.ok) return data<Result>({ ok: false, notice: `reports.${result.error}`, target, values: { note } }, { status: result.error === 'notBannable' ? 400 : 404 })
  if (intent === 'hide_photo' || intent === 'ban') {
    // The pool's cached pages no longer show the photo or the profile; the files go.
    await poolDataChanged(poolId)
    if (result.queuedMedia.length > 0) await removeAfterCommit(ctx.db, { tenantId: '', poolId }, result.queuedMedia)
  }
  return data<Result>({ ok: true, notice: `reports.done.${intent}`, target })
}

/**
 * What the polite live region says: when a reload (the console's event stream revalidates on
 * each new report or held message) brought more waiting items than before, how many wait now.
 */
function useNewItemsAnnouncement(waiting: number): number | null {
  const previous = useRef(waiting)
  const [announced, setAnnounced] = useState<number | null>(null)
  useEffect(() => {
    if (waiting > previous.current) setAnnounced(waiting)
    previous.current = waiting
  }, [waiting])
  return announced
}

export default function Reports() {
  const { t } = useTranslation('console')
  const { held, reports } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const announced = useNewItemsAnnouncement(held.total + reports.open)
  const reasonOptions = REPORT_REASONS.map((r) => ({ value: r, label: t(`reports.reasons.${r}`) }))
  return (
    <div className="stack console-reports">
      <h1>{t('reports.title')}</h1>
      <p className="lead">{t('reports.intro')}</p>
      {/* aria-live without role="status": the page's notice is its one status (and tests find it so). */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="reports-live">
        {announced === null ? '' : t('reports.liveNew', { count: announced })}
      </p>
      {result ? <Notice tone={result.ok ? 'success' : 'danger'}>{t(result.notice)}</Notice> : null}

      <section className="stack" aria-labelledby="held-title">
        <h2 id="held-title">{t('reports.heldTitle', { count: held.total })}</h2>
        {held.items.length === 0 ? <p>{t('reports.heldEmpty')}</p> : null}
        {held.items.map((h) => (
          <article key={h.messageId} className="console-card stack" data-held={h.messageId} aria-labelledby={`held-${h.messageId}`}>
            <h3 id={`held-${h.messageId}`}>{t('reports.heldFrom', { sender: h.sender.name, recipient: h.recipient.name })}</h3>
            <dl className="console-facts">
              <dt>{t('reports.site')}</dt>
              <dd>{h.siteName}</dd>
              <dt>{t('reports.sent')}</dt>
              <dd>{h.createdAt}</dd>
              <dt>{t('reports.found')}</dt>
              <dd>{h.reasons.map((r) => t(`reports.holdReasons.${r}`)).join(', ')}</dd>
              <dt>{t('reports.credits')}</dt>
              <dd>{h.credits}</dd>
            </dl>
            <ol className="console-thread" aria-label={t('reports.conversation')}>
              {h.context.map((c) => (
                <li key={c.id} data-from={c.fromSender ? 'member' : 'profile'}>
                  <time>{c.createdAt}</time>
                  {c.gift ? t('reports.gift') : c.body}
                </li>
              ))}
              <li data-from="member" className="console-thread__held">
                <strong>{t('reports.heldMessage')}</strong>
                <br />
                {h.body}
              </li>
            </ol>
            <div className="console-actions">
              <Form method="post">
                <input type="hidden" name="intent" value="release" />
                <input type="hidden" name="message" value={h.messageId} />
                <button type="submit" className="button button--primary">
                  {t('reports.release')}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="message" value={h.messageId} />
                <button type="submit" className="button button--danger">
                  {h.credits > 0 ? t('reports.rejectRefund', { credits: h.credits }) : t('reports.reject')}
                </button>
              </Form>
              {h.sender.userId ? <Link to={`/members/${h.sender.userId}`}>{t('reports.memberCare', { name: h.sender.name })}</Link> : null}
            </div>
          </article>
        ))}
      </section>

      <section className="stack" aria-labelledby="reports-title">
        <h2 id="reports-title">{t('reports.openTitle', { count: reports.open })}</h2>
        {reports.groups.length === 0 ? <p>{t('reports.empty')}</p> : null}
        {reports.groups.map((g) => {
          const key = `${g.poolId}/${g.targetId}`
          const mine = result?.target === key
          const first = (g.reports[0]?.reason ?? 'other') as ReportReasonKey
          return (
            <article key={key} className="console-card stack" data-report-target={g.targetId} aria-labelledby={`target-${g.targetId}`}>
              <h3 id={`target-${g.targetId}`}>
                {g.name}{' '}
                {g.fictional ? <span className="console-badge">{t('reports.fictional')}</span> : null}{' '}
                {g.banned ? <span className="console-badge console-badge--danger">{t('reports.banned')}</span> : null}
              </h3>
              <dl className="console-facts">
                <dt>{t('reports.site')}</dt>
                <dd>{g.siteName}</dd>
                <dt>{t('reports.profileId')}</dt>
                <dd>{g.targetId}</dd>
                <dt>{t('reports.status')}</dt>
                <dd>{g.status}</dd>
                <dt>{t('reports.about')}</dt>
                <dd>{g.about ?? '—'}</dd>
              </dl>
              {g.photos.length > 0 ? (
                <ul className="console-photos" aria-label={t('reports.photos')}>
                  {g.photos.map((p, i) => (
                    <li key={p.id}>
                      <img src={p.thumb} alt={t('reports.photoOf', { name: g.name, n: i + 1 })} width={88} height={88} loading="lazy" />
                      <Form method="post">
                        <input type="hidden" name="intent" value="hide_photo" />
                        <input type="hidden" name="pool" value={g.poolId} />
                        <input type="hidden" name="target" value={g.targetId} />
                        <input type="hidden" name="photo" value={p.id} />
                        <button type="submit" className="button button--light" aria-label={t('reports.hidePhotoN', { n: i + 1 })}>
                          {t('reports.hidePhoto')}
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('reports.noPhotos')}</p>
              )}
              <h4>{t('reports.reportsHeading', { count: g.reports.length })}</h4>
              <ul className="stack">
                {g.reports.map((r) => (
                  <li key={r.id} data-report={r.id}>
                    <strong>{t(`reports.reasons.${r.reason}`)}</strong> · {r.createdAt} · {t('reports.by', { name: r.reporterName, site: r.reporterSiteName })}
                    {r.messageId ? ` · ${t('reports.aboutMessage')}` : ''}
                    {r.note ? <p className="console-diff">{r.note}</p> : null}
                  </li>
                ))}
              </ul>
              {g.conversations.map((c) => (
                <ol key={c.messageId} className="console-thread" aria-label={t('reports.conversation')}>
                  {c.lines.map((l) => (
                    <li key={l.id} data-from={l.fromTarget ? 'profile' : 'member'} data-reported={l.reported ? 'true' : undefined}>
                      <time>{l.createdAt}</time>
                      {l.reported ? <strong>{t('reports.reportedMessage')} </strong> : null}
                      {l.gift ? t('reports.gift') : l.body}
                    </li>
                  ))}
                </ol>
              ))}
              <h4>{t('reports.history')}</h4>
              {g.history.reports.length === 0 && g.history.warnings.length === 0 && !g.banned ? <p>{t('reports.noHistory')}</p> : null}
              <ul>
                {g.history.reports.map((r, i) => (
                  <li key={`r${i}`}>{t('reports.earlier', { reason: t(`reports.reasons.${r.reason}`), decision: r.decision ? t(`reports.decisions.${r.decision}`) : '—', when: r.decidedAt ?? '—' })}</li>
                ))}
                {g.history.warnings.map((w, i) => (
                  <li key={`w${i}`}>{t('reports.warned', { reason: t(`reports.reasons.${w.reason}`), when: w.createdAt })}</li>
                ))}
              </ul>
              <div className="console-actions">
                <Form method="post">
                  <input type="hidden" name="intent" value="dismiss" />
                  <input type="hidden" name="pool" value={g.poolId} />
                  <input type="hidden" name="target" value={g.targetId} />
                  <button type="submit" className="button button--light">
                    {t('reports.dismiss')}
                  </button>
                </Form>
              </div>
              <Form method="post" className="console-filters">
                <input type="hidden" name="intent" value="warn" />
                <input type="hidden" name="pool" value={g.poolId} />
                <input type="hidden" name="target" value={g.targetId} />
                <ConsoleSelect id={`warn-reason-${g.targetId}`} name="reason" label={t('reports.warnReason')} defaultValue={first} options={reasonOptions} />
                <button type="submit" className="button button--primary" disabled={g.fictional}>
                  {t('reports.warn')}
                </button>
              </Form>
              {g.bannable ? (
                <Form method="post" className="stack">
                  <input type="hidden" name="intent" value="ban" />
                  <input type="hidden" name="pool" value={g.poolId} />
                  <input type="hidden" name="target" value={g.targetId} />
                  <BanReason id={`ban-note-${g.targetId}`} label={t('reports.banReason')} value={mine ? result?.values?.note : undefined} error={mine ? result?.errors?.note : undefined} />
                  <button type="submit" className="button button--danger">
                    {t('reports.ban')}
                  </button>
                </Form>
              ) : null}
            </article>
          )
        })}
      </section>
    </div>
  )
}

/** The ban's reason: one per reported profile on the page, so its own id (ConsoleField's would repeat). */
function BanReason({ id, label, value, error }: { id: string; label: string; value?: string; error?: string }) {
  const { t } = useTranslation('console')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="note" type="text" maxLength={500} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  )
}
