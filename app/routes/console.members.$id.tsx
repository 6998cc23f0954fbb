// /members/{account id} on the console host (issue #23): one account with everything held
// about it (accounts on other sites, status, photos, credits and ledger, payments, refunds,
// complaints, notes, the operators' actions on it) and what care may do: adjust credits,
// ban and unban, resend the activation mail, send a password reset, delete as the member
// would, add a note. Each action is audited in its transaction.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleField, ConsoleSelect, ConsoleTextArea, Notice } from '~/components/console/field.tsx'
import { resendActivation } from '~/modules/accounts/activation.server.ts'
import { requestPasswordReset } from '~/modules/accounts/password-reset.server.ts'
import { poolDataChanged } from '~/modules/cache/pool-data.server.ts'
import { memberMailContext } from '~/modules/care/mail.server.ts'
import { accountFor, ADJUST_MAX, adjustCreditsIn, banIn, deleteAsMemberIn, memberDetail, NOTE_MAX, unbanIn } from '~/modules/care/members.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { sendMail } from '~/modules/mail/send.server.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import type { OperatorRole } from '~/modules/operators/roles.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { directDebitState } from '~/modules/payments/direct-debit-rules.server.ts'
import { dateTimeFormat, numberFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Member' }]

/** Who may do what on this page (the page itself: admin, moderator, finance). */
const MAY: Record<string, readonly OperatorRole[]> = {
  credits: ['admin', 'finance'],
  ban: ['admin', 'moderator'],
  unban: ['admin', 'moderator'],
  delete: ['admin', 'moderator'],
  activation: ['admin', 'moderator', 'finance'],
  reset: ['admin', 'moderator', 'finance'],
  note: ['admin', 'moderator', 'finance'],
  directDebit: ['admin', 'finance'],
}

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } })

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { operator, db, reach, locale } = await requireOperator(context, request, { area: 'members' })
  const detail = await withOperator(db, (tx) => memberDetail(tx, reach, params.id ?? ''))
  if (!detail) throw notFound()
  const date = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const day = dateTimeFormat(locale, { dateStyle: 'medium' })
  const fmt = (d: Date | null | undefined) => (d ? date.format(d) : null)
  const money = (amount: number, currency: string) => numberFormat(locale, { style: 'currency', currency }).format(amount / 100)
  const { user } = detail
  const seesMoney = operator.role === 'admin' || operator.role === 'finance'
  const tenant = reach.sites.find((s) => s.slug === detail.site.slug)!
  const dd = seesMoney && tenant.payments.methods.includes('sdd') ? await withOperator(db, (tx) => directDebitState(tx, { tenantId: tenant.slug, poolId: tenant.pool }, tenant, user.id)) : null
  return {
    directDebit: dd ? { ...dd, usedText: money(dd.used, 'EUR'), limitText: money(dd.limit, 'EUR'), siteLimit: money(tenant.payments.directDebitLimit, 'EUR'), ownLimit: dd.ownLimit === null ? '' : (dd.ownLimit / 100).toFixed(2).replace('.', ',') } : null,
    may: Object.fromEntries(Object.entries(MAY).map(([k, roles]) => [k, roles.includes(operator.role)])) as Record<keyof typeof MAY, boolean>,
    seesMoney,
    site: detail.site,
    user: {
      id: user.id, email: user.email, status: user.status, credits: user.credits, paidUser: user.paidUser, locale: user.locale,
      signupDate: fmt(user.signupDate), lastLoginAt: fmt(user.lastLoginAt), deletedAt: fmt(user.deletedAt), deleteReason: user.deleteReason,
      bannedAt: fmt(user.bannedAt), banReason: user.banReason, tracking: user.tracking ? JSON.stringify(user.tracking) : null,
      emailKinds: user.emailKinds, notificationsDisabled: user.notificationsDisabled,
    },
    profile: user.profile ? { ...user.profile, birthDate: day.format(user.profile.birthDate), lastActiveAt: fmt(user.profile.lastActiveAt) } : null,
    accounts: detail.accounts.map((a) => ({ id: a.id, tenantId: a.tenantId, status: a.status, siteName: reach.sites.find((s) => s.slug === a.tenantId)?.name ?? a.tenantId, banned: a.bannedAt !== null })),
    ledger: detail.ledger.map((l) => ({ ...l, createdAt: fmt(l.createdAt) })),
    payments: detail.payments.map((p) => ({ ...p, amount: money(p.amount, p.currency), createdAt: fmt(p.createdAt), paidAt: fmt(p.paidAt), refundedAt: fmt(p.refundedAt), chargedBackAt: fmt(p.chargedBackAt) })),
    complaints: detail.complaints.map((c) => ({ ...c, createdAt: fmt(c.createdAt), handled: c.handledAt !== null })),
    notes: detail.notes.map((n) => ({ ...n, createdAt: fmt(n.createdAt) })),
    audit: detail.audit.map((a) => ({ id: a.id, at: fmt(a.at), operatorEmail: a.operatorEmail, action: a.action, after: a.after ? JSON.stringify(a.after) : null })),
    sessions: detail.sessions,
  }
}

type Result = { ok: boolean; intent: string; notice?: string; errors?: Record<string, string>; values?: Record<string, string> }

export async function action({ context, request, params }: ActionFunctionArgs) {
  const { operator, db, reach, actor, ctx } = await requireOperator(context, request, { area: 'members' })
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const roles = MAY[intent]
  if (!roles) return data<Result>({ ok: false, intent, notice: 'errors.generic' }, { status: 400 })
  if (!roles.includes(operator.role)) throw new Response('Forbidden', { status: 403, headers: { 'Cache-Control': 'no-store' } })
  const userId = params.id ?? ''
  const account = await withOperator(db, (tx) => accountFor(tx, reach, userId))
  if (!account) throw notFound()
  const tenant = reach.sites.find((s) => s.slug === account.scope.tenantId)!
  const text = (key: string) => String(form.get(key) ?? '').trim()

  if (intent === 'credits') {
    const raw = text('delta')
    const delta = /^[+-]?\d{1,7}$/.test(raw) ? Number(raw) : NaN
    const note = text('note').slice(0, NOTE_MAX)
    const errors: Record<string, string> = {}
    if (!Number.isSafeInteger(delta) || delta === 0 || Math.abs(delta) > ADJUST_MAX) errors.delta = 'members.deltaInvalid'
    if (note.length < 3) errors.note = 'members.reasonRequired'
    if (Object.keys(errors).length > 0) return data<Result>({ ok: false, intent, errors, values: { delta: raw, note } }, { status: 400 })
    const result = await withOperator(db, (tx) => adjustCreditsIn(tx, actor, reach, { userId, delta, note }))
    if (!result.ok) return data<Result>({ ok: false, intent, errors: { delta: `members.${result.error}` }, values: { delta: raw, note } }, { status: 400 })
    return data<Result>({ ok: true, intent, notice: 'members.adjusted' })
  }
  if (intent === 'ban') {
    const reason = text('reason').slice(0, NOTE_MAX)
    if (reason.length < 3) return data<Result>({ ok: false, intent, errors: { reason: 'members.reasonRequired' }, values: { reason } }, { status: 400 })
    const scope = await withOperator(db, (tx) => banIn(tx, actor, reach, { userId, reason }))
    if (scope) await poolDataChanged(scope.poolId)
    return data<Result>({ ok: scope !== null, intent, notice: scope ? 'members.bannedNow' : 'members.alreadyBanned' })
  }
  if (intent === 'unban') {
    const scope = await withOperator(db, (tx) => unbanIn(tx, actor, reach, { userId }))
    if (scope) await poolDataChanged(scope.poolId)
    return data<Result>({ ok: scope !== null, intent, notice: scope ? 'members.unbannedNow' : 'members.notBanned' })
  }
  if (intent === 'directDebit') {
    const mode = text('mode')
    const raw = text('limit')
    const errors: Record<string, string> = {}
    if (!['', 'allowed', 'blocked'].includes(mode)) errors.mode = 'errors.generic'
    const limit = raw === '' ? null : /^\d{1,6}([.,]\d{1,2})?$/.test(raw) ? Math.round(Number(raw.replace(',', '.')) * 100) : NaN
    if (limit !== null && (!Number.isSafeInteger(limit) || limit < 1)) errors.limit = 'members.ddLimitInvalid'
    if (Object.keys(errors).length > 0) return data<Result>({ ok: false, intent, errors, values: { mode, limit: raw } }, { status: 400 })
    await withOperator(db, async (tx) => {
      const before = await tx.user.findFirst({ where: { poolId: account.scope.poolId, tenantId: account.scope.tenantId, id: userId }, select: { directDebit: true, directDebitLimit: true } })
      await tx.user.updateMany({ where: { poolId: account.scope.poolId, tenantId: account.scope.tenantId, id: userId }, data: { directDebit: mode || null, directDebitLimit: limit } })
      await auditIn(tx, actor, { action: 'member.direct_debit', tenantId: account.scope.tenantId, poolId: account.scope.poolId, targetType: 'member', targetId: userId, before, after: { directDebit: mode || null, directDebitLimit: limit } })
    })
    return data<Result>({ ok: true, intent, notice: 'members.ddSaved' })
  }
  if (intent === 'note') {
    const body = text('body').slice(0, 2000)
    if (body.length === 0) return data<Result>({ ok: false, intent, errors: { body: 'members.noteRequired' } }, { status: 400 })
    const saved = await withOperator(db, async (tx) => {
      const profile = await tx.profile.findFirst({ where: { poolId: account.scope.poolId, tenantId: account.scope.tenantId, userId }, select: { id: true } })
      if (!profile) return false
      const note = await tx.operatorNote.create({ data: { poolId: account.scope.poolId, profileId: profile.id, body, operatorId: operator.id, operatorName: operator.name }, select: { id: true } })
      await auditIn(tx, actor, { action: 'member.note', tenantId: account.scope.tenantId, poolId: account.scope.poolId, targetType: 'member', targetId: userId, after: { note: note.id } })
      return true
    })
    return data<Result>({ ok: saved, intent, notice: saved ? 'members.noteSaved' : 'members.noProfile' }, { status: saved ? 200 : 400 })
  }

  // The mails: in a transaction of the member's site (links are member-only rows).
  const user = await withScope(ctx.db, account.scope, (tx) => tx.user.findFirst({ where: { poolId: account.scope.poolId, tenantId: account.scope.tenantId, id: userId }, select: { locale: true } }))
  const mail = memberMailContext(ctx.db, tenant, user?.locale ?? null)
  const audit = (action: string) => withScope(ctx.db, account.scope, (tx) => auditIn(tx, actor, { action, tenantId: account.scope.tenantId, poolId: account.scope.poolId, targetType: 'member', targetId: userId }))
  if (intent === 'activation') {
    const result = await resendActivation(mail, userId)
    if (!result.ok) return data<Result>({ ok: false, intent, notice: result.reason === 'tooSoon' ? 'members.tooSoon' : 'members.notPending' }, { status: 400 })
    await audit('member.activation')
    return data<Result>({ ok: true, intent, notice: 'members.activationSent' })
  }
  if (intent === 'reset') {
    if (account.user.bannedAt) return data<Result>({ ok: false, intent, notice: 'members.isBanned' }, { status: 400 })
    const outcome = await requestPasswordReset(mail, { email: account.user.email, linkFor: (token) => mail.link(`/reset-password/do?token=${encodeURIComponent(token)}`) })
    if (outcome !== 'sent') return data<Result>({ ok: false, intent, notice: outcome === 'throttled' ? 'members.tooSoon' : 'members.notPending' }, { status: 400 })
    await audit('member.reset')
    return data<Result>({ ok: true, intent, notice: 'members.resetSent' })
  }
  // delete
  const deleted = await withScope(ctx.db, account.scope, (tx) => deleteAsMemberIn(tx, actor, account.scope, { userId }))
  if (!deleted) return data<Result>({ ok: false, intent, notice: 'members.alreadyDeleted' }, { status: 400 })
  await poolDataChanged(account.scope.poolId)
  try {
    await sendMail(mail, { to: deleted.email, kind: 'account_deleted', link: mail.link(`/reactivate?token=${deleted.token}`), values: { name: deleted.name } })
  } catch (error) {
    console.error('members: the account_deleted mail could not be sent', error)
  }
  return data<Result>({ ok: true, intent, notice: 'members.deletedNow' })
}

export default function Member() {
  const { t } = useTranslation('console')
  const d = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errorOf = (intent: string, field: string) => (result?.intent === intent ? (result.errors?.[field] ?? null) : null)
  const valueOf = (intent: string, field: string) => (result?.intent === intent ? (result.values?.[field] ?? null) : null)
  const { user, profile } = d
  return (
    <div className="stack" data-member={user.id}>
      <p>
        <Link to="/members">{t('members.back')}</Link>
      </p>
      <h1>
        {profile?.name ?? user.email} · {d.site.name}
      </h1>
      {result?.notice ? <Notice tone={result.ok ? 'success' : 'danger'}>{t(result.notice)}</Notice> : null}
      <section className="console-card stack" aria-labelledby="account">
        <h2 id="account">{t('members.account')}</h2>
        <dl className="console-facts">
          <dt>{t('members.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('members.status')}</dt>
          <dd data-testid="member-status">
            {t(`members.statuses.${user.status}`)}
            {user.bannedAt ? ` · ${t('members.banned')} (${user.bannedAt}: ${user.banReason ?? ''})` : ''}
          </dd>
          <dt>{t('members.signedUp')}</dt>
          <dd>{user.signupDate}</dd>
          <dt>{t('members.lastLogin')}</dt>
          <dd>{user.lastLoginAt ?? '—'}</dd>
          <dt>{t('members.sessions')}</dt>
          <dd>{d.sessions}</dd>
          <dt>{t('members.credits')}</dt>
          <dd data-testid="member-credits">{user.credits}</dd>
          <dt>{t('members.paid')}</dt>
          <dd>{user.paidUser ? t('members.yes') : t('members.no')}</dd>
          <dt>{t('members.language')}</dt>
          <dd>{user.locale ?? '—'}</dd>
          <dt>{t('members.source')}</dt>
          <dd>{user.tracking ?? '—'}</dd>
          <dt>{t('members.mailKinds')}</dt>
          <dd>
            {user.emailKinds.join(', ') || '—'}
            {user.notificationsDisabled.length > 0 ? ` (${t('members.mailOff')}: ${user.notificationsDisabled.join(', ')})` : ''}
          </dd>
          {user.deletedAt ? (
            <>
              <dt>{t('members.deletedAt')}</dt>
              <dd>
                {user.deletedAt} ({user.deleteReason})
              </dd>
            </>
          ) : null}
        </dl>
        {d.accounts.length > 1 ? (
          <>
            <h3>{t('members.otherAccounts')}</h3>
            <ul>
              {d.accounts
                .filter((a) => a.id !== user.id)
                .map((a) => (
                  <li key={a.id}>
                    <Link to={`/members/${a.id}`}>{a.siteName}</Link> · {t(`members.statuses.${a.status}`)}
                    {a.banned ? ` · ${t('members.banned')}` : ''}
                  </li>
                ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="console-card stack" aria-labelledby="actions">
        <h2 id="actions">{t('members.actions')}</h2>
        {d.may.credits ? (
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="credits" />
            <ConsoleField name="delta" label={t('members.delta')} hint={t('members.deltaHint')} defaultValue={valueOf('credits', 'delta')} error={errorOf('credits', 'delta')} inputMode="numeric" />
            <ConsoleField name="note" label={t('members.reason')} defaultValue={valueOf('credits', 'note')} error={errorOf('credits', 'note')} maxLength={500} />
            <button type="submit" className="button button--primary">
              {t('members.adjust')}
            </button>
          </Form>
        ) : null}
        {d.may.ban && !user.bannedAt ? (
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="ban" />
            <ConsoleField name="reason" label={t('members.banReason')} defaultValue={valueOf('ban', 'reason')} error={errorOf('ban', 'reason')} maxLength={500} />
            <button type="submit" className="button button--danger">
              {t('members.ban')}
            </button>
          </Form>
        ) : null}
        <div className="console-actions">
          {d.may.unban && user.bannedAt ? <IntentButton intent="unban" label={t('members.unban')} /> : null}
          {d.may.activation && user.status === 'not_confirmed' ? <IntentButton intent="activation" label={t('members.resendActivation')} /> : null}
          {d.may.reset && user.status !== 'deleted' && !user.bannedAt ? <IntentButton intent="reset" label={t('members.sendReset')} /> : null}
          {d.may.delete && user.status !== 'deleted' ? <IntentButton intent="delete" label={t('members.delete')} danger /> : null}
        </div>
      </section>

      {profile ? (
        <section className="console-card stack" aria-labelledby="profile">
          <h2 id="profile">{t('members.profile')}</h2>
          <dl className="console-facts">
            <dt>{t('members.profileId')}</dt>
            <dd>{profile.id}</dd>
            <dt>{t('members.status')}</dt>
            <dd>{profile.status}</dd>
            <dt>{t('members.born')}</dt>
            <dd>{profile.birthDate}</dd>
            <dt>{t('members.place')}</dt>
            <dd>
              {profile.city ?? '—'}, {profile.country}
            </dd>
            <dt>{t('members.lastActive')}</dt>
            <dd>{profile.lastActiveAt}</dd>
          </dl>
          {profile.photos.length > 0 ? (
            <ul className="console-photos">
              {profile.photos.map((p) => (
                <li key={p.id}>
                  <img src={`/media/${p.thumbFilename}`} alt="" width={96} height={96} loading="lazy" />
                  <span>
                    {p.status}
                    {p.isMain ? ` · ${t('members.main')}` : ''}
                    {p.isPrivate ? ` · ${t('members.private')}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('members.noPhotos')}</p>
          )}
        </section>
      ) : null}

      {d.seesMoney ? (
        <>
          <section className="console-card stack" aria-labelledby="ledger">
            <h2 id="ledger">{t('members.ledger')}</h2>
            <table className="console-table" data-testid="member-ledger">
              <thead>
                <tr>
                  <th scope="col">{t('members.when')}</th>
                  <th scope="col">{t('members.delta')}</th>
                  <th scope="col">{t('members.why')}</th>
                  <th scope="col">{t('members.balance')}</th>
                </tr>
              </thead>
              <tbody>
                {d.ledger.map((l) => (
                  <tr key={l.id}>
                    <td>{l.createdAt}</td>
                    <td>{l.delta > 0 ? `+${l.delta}` : l.delta}</td>
                    <td>
                      {l.reason}
                      {l.note ? `: ${l.note}` : ''}
                    </td>
                    <td>{l.balanceAfter}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="console-card stack" aria-labelledby="payments">
            <h2 id="payments">{t('members.payments')}</h2>
            {d.payments.length === 0 ? <p>{t('members.none')}</p> : null}
            <ul>
              {d.payments.map((p) => (
                <li key={p.id}>
                  {p.createdAt} · {p.amount} · {p.credits} {t('members.credits')} · {p.status}
                  {p.discountCode ? ` · ${p.discountCode}` : ''}
                  {p.refundStatus ? ` · ${t('members.refund')}: ${p.refundStatus}` : ''}
                  {p.chargedBackAt ? ` · ${t('members.chargeback')} ${p.chargedBackAt}` : ''} · <code>{p.id}</code>
                </li>
              ))}
            </ul>
          </section>
          {d.directDebit ? (
            <section className="console-card stack" aria-labelledby="direct-debit" data-testid="direct-debit">
              <h2 id="direct-debit">{t('members.directDebit')}</h2>
              <p data-testid="direct-debit-state">
                {d.directDebit.blocked ? t('members.ddBlocked') : t('members.ddAllowed')}
                {d.directDebit.cause ? ` · ${t(`members.ddCause.${d.directDebit.cause}`)}` : ''}
                {d.directDebit.override ? ` · ${t(`members.ddBy.${d.directDebit.override}`)}` : ''}
              </p>
              <p data-testid="direct-debit-used">{t('members.ddUsed', { used: d.directDebit.usedText, limit: d.directDebit.limitText })}</p>
              <Form method="post" className="stack">
                <input type="hidden" name="intent" value="directDebit" />
                <ConsoleSelect
                  id="dd-mode"
                  name="mode"
                  label={t('members.ddMode')}
                  defaultValue={result?.intent === 'directDebit' && result.values ? result.values.mode : (d.directDebit.override ?? '')}
                  error={result?.intent === 'directDebit' ? result.errors?.mode : null}
                  options={[
                    { value: '', label: t('members.ddModeAuto') },
                    { value: 'allowed', label: t('members.ddModeAllowed') },
                    { value: 'blocked', label: t('members.ddModeBlocked') },
                  ]}
                />
                <ConsoleField
                  name="limit"
                  label={t('members.ddLimit')}
                  hint={t('members.ddLimitHint', { limit: d.directDebit.siteLimit })}
                  defaultValue={result?.intent === 'directDebit' && result.values ? result.values.limit : d.directDebit.ownLimit}
                  error={result?.intent === 'directDebit' ? result.errors?.limit : null}
                  maxLength={10}
                />
                <button type="submit" className="button button--primary">
                  {t('members.ddSave')}
                </button>
              </Form>
            </section>
          ) : null}
        </>
      ) : null}

      <section className="console-card stack" aria-labelledby="complaints">
        <h2 id="complaints">{t('members.complaints')}</h2>
        {d.complaints.length === 0 ? <p>{t('members.none')}</p> : null}
        <ul>
          {d.complaints.map((c) => (
            <li key={c.id}>
              {c.createdAt} · {c.subject} · {c.handled ? t('members.handled') : t('members.open')}
            </li>
          ))}
        </ul>
      </section>

      <section className="console-card stack" aria-labelledby="notes">
        <h2 id="notes">{t('members.notes')}</h2>
        <ul>
          {d.notes.map((n) => (
            <li key={n.id}>
              {n.createdAt} · {n.operatorName}: {n.body}
            </li>
          ))}
        </ul>
        {d.may.note && profile ? (
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="note" />
            <ConsoleTextArea name="body" label={t('members.addNote')} error={errorOf('note', 'body')} maxLength={2000} />
            <button type="submit" className="button button--light">
              {t('members.saveNote')}
            </button>
          </Form>
        ) : null}
      </section>

      {d.audit.length > 0 ? (
        <section className="console-card stack" aria-labelledby="trail">
          <h2 id="trail">{t('members.trail')}</h2>
          <ul data-testid="member-trail">
            {d.audit.map((a) => (
              <li key={a.id}>
                {a.at} · {a.operatorEmail} · {a.action}
                {a.after ? ` · ${a.after}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

function IntentButton({ intent, label, danger = false }: { intent: string; label: string; danger?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={danger ? 'button button--danger' : 'button button--light'}>
        {label}
      </button>
    </Form>
  )
}
