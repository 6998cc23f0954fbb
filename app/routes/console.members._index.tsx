// /members on the console host (issue #23): find a person by e-mail, name, profile id or
// payment id across the operator's sites; GDPR export (one zip) and erasure of an address.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleField, Notice } from '~/components/console/field.tsx'
import { SEARCH_MAX } from '~/modules/care/limits.ts'
import { eraseEmailIn, findMembers } from '~/modules/care/members.server.ts'
import { poolDataChanged } from '~/modules/cache/pool-data.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { removeAfterCommit } from '~/modules/media/deletions.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Members' }]

const GDPR_ROLES = ['admin', 'moderator'] as const

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { operator, db, reach, locale } = await requireOperator(context, request, { area: 'members' })
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, SEARCH_MAX)
  const hits = q.trim() ? await withOperator(db, (tx) => findMembers(tx, reach, q)) : null
  const date = dateTimeFormat(locale, { dateStyle: 'medium' })
  const names = new Map(reach.sites.map((s) => [s.slug, s.name]))
  return {
    q,
    gdpr: (GDPR_ROLES as readonly string[]).includes(operator.role),
    hits: hits?.map((h) => ({ ...h, siteName: names.get(h.site) ?? h.site, signupDate: date.format(h.signupDate) })) ?? null,
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor, ctx } = await requireOperator(context, request, { roles: GDPR_ROLES })
  const form = await request.formData()
  const email = String(form.get('email') ?? '').trim().toLowerCase().slice(0, 254)
  const confirm = String(form.get('confirm') ?? '').trim().toLowerCase()
  if (!EMAIL.test(email)) return data({ ok: false, error: 'members.emailInvalid', email, erased: 0 }, { status: 400 })
  if (confirm !== email) return data({ ok: false, error: 'members.confirmMismatch', email, erased: 0 }, { status: 400 })
  const done = await withOperator(db, (tx) => eraseEmailIn(tx, actor, reach, { email }), { timeout: 60_000 })
  for (const { scope, queued } of done) {
    await removeAfterCommit(ctx.db, scope, queued)
    await poolDataChanged(scope.poolId)
  }
  if (done.length === 0) return data({ ok: false, error: 'members.nothingFound', email, erased: 0 }, { status: 404 })
  return data({ ok: true, error: null, email: '', erased: done.length })
}

export default function Members() {
  const { t } = useTranslation('console')
  const { q, hits, gdpr } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="stack">
      <h1>{t('members.title')}</h1>
      <Form method="get" className="console-card stack" role="search">
        <ConsoleField name="q" type="search" label={t('members.search')} hint={t('members.searchHint')} defaultValue={q} maxLength={SEARCH_MAX} />
        <button type="submit" className="button button--primary">
          {t('members.find')}
        </button>
      </Form>
      {hits === null ? null : hits.length === 0 ? (
        <p>{t('members.noHits')}</p>
      ) : (
        <table className="console-table" data-testid="member-hits">
          <thead>
            <tr>
              <th scope="col">{t('members.email')}</th>
              <th scope="col">{t('members.name')}</th>
              <th scope="col">{t('members.site')}</th>
              <th scope="col">{t('members.status')}</th>
              <th scope="col">{t('members.signedUp')}</th>
            </tr>
          </thead>
          <tbody>
            {hits.map((h) => (
              <tr key={h.userId}>
                <td>
                  <Link to={`/members/${h.userId}`}>{h.email}</Link>
                </td>
                <td>
                  {h.name ?? '—'}
                  {h.profileId ? ` (#${h.profileId})` : ''}
                </td>
                <td>{h.siteName}</td>
                <td>{h.banned ? t('members.banned') : t(`members.statuses.${h.status}`)}</td>
                <td>{h.signupDate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {gdpr ? (
        <section className="console-card stack" aria-labelledby="gdpr">
          <h2 id="gdpr">{t('members.gdprTitle')}</h2>
          <p>{t('members.gdprIntro')}</p>
          <Form method="post" action="/members/export" reloadDocument className="stack">
            <ConsoleField name="email" type="email" label={t('members.email')} />
            <button type="submit" className="button button--light">
              {t('members.export')}
            </button>
          </Form>
          <Form method="post" className="stack">
            {actionData?.ok ? <Notice tone="success">{t('members.erased', { count: actionData.erased })}</Notice> : null}
            <ConsoleField name="email" type="email" label={t('members.eraseEmail')} defaultValue={actionData?.email} error={actionData?.error === 'members.emailInvalid' || actionData?.error === 'members.nothingFound' ? actionData.error : null} />
            <ConsoleField name="confirm" type="email" label={t('members.eraseConfirm')} error={actionData?.error === 'members.confirmMismatch' ? actionData.error : null} />
            <button type="submit" className="button button--danger">
              {t('members.erase')}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  )
}
