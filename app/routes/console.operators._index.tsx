// /operators on the console host (admins): every operator with role, assignment and state;
// inviting a new one (the link that sets the password is shown once, valid 7 days).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleField, Notice } from '~/components/console/field.tsx'
import { OperatorFields } from '~/components/console/operator-fields.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { consume } from '~/modules/limits/limiter.server.ts'
import { inviteOperatorIn } from '~/modules/operators/accounts.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { grantable, readOperatorForm } from '~/modules/operators/manage.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { LOCALES } from '../../tenants/schema.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Operators' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { operator, db, reach } = await requireOperator(context, request, { area: 'operators' })
  const rows = await withOperator(db, (tx) => tx.operator.findMany({ orderBy: [{ status: 'asc' }, { name: 'asc' }], select: { id: true, name: true, email: true, role: true, status: true, allSites: true, pools: true, sites: true, languages: true, totpSecret: true, lastLoginAt: true, available: true } }))
  return {
    me: operator.id,
    operators: rows.map(({ totpSecret, lastLoginAt, ...o }) => ({ ...o, totp: totpSecret !== null, lastLoginAt: lastLoginAt?.toISOString().slice(0, 16).replace('T', ' ') ?? null })),
    choices: { allSites: operator.allSites, pools: reach.pools, sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name, pool: s.pool })), languages: LOCALES },
  }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { operator, db, reach, actor } = await requireOperator(context, request, { area: 'operators' })
  const form = await request.formData()
  const email = String(form.get('email') ?? '').trim().slice(0, 254)
  const parsed = readOperatorForm(form)
  const errors: Record<string, string> = {}
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'operators.emailInvalid'
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message.startsWith('operators.') ? issue.message : 'errors.generic'
  const assignment = parsed.success ? grantable(operator, reach, { allSites: parsed.data.allSites, pools: parsed.data.pools, sites: parsed.data.sites, languages: parsed.data.languages }) : null
  if (parsed.success && !assignment) errors.assignment = 'operators.beyondYours'
  if (!parsed.success || !assignment || Object.keys(errors).length > 0) return data({ errors, invite: null, email }, { status: 400 })
  const verdict = await consume('operator_invite', operator.id)
  if (!verdict.ok) return data({ errors: { email: 'operators.tooMany' }, invite: null, email }, { status: 429, headers: { 'Retry-After': String(verdict.retryAfter) } })
  const result = await withOperator(db, (tx) => inviteOperatorIn(tx, actor, { email, name: parsed.data.name, role: parsed.data.role, assignment, maxChats: parsed.data.maxChats }))
  if ('error' in result) return data({ errors: { email: 'operators.exists' }, invite: null, email }, { status: 409 })
  return data({ errors: {}, invite: `${new URL(request.url).origin}/invite/${result.token}`, email: '' })
}

export default function Operators() {
  const { t } = useTranslation('console')
  const { operators, choices, me } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = (actionData?.errors ?? {}) as Record<string, string>
  return (
    <div className="stack">
      <h1>{t('operators.title')}</h1>
      <table className="console-table" data-testid="operators">
        <thead>
          <tr>
            <th scope="col">{t('operators.name')}</th>
            <th scope="col">{t('operators.role')}</th>
            <th scope="col">{t('operators.assignment')}</th>
            <th scope="col">{t('operators.languages')}</th>
            <th scope="col">{t('operators.state')}</th>
            <th scope="col">{t('operators.lastLogin')}</th>
          </tr>
        </thead>
        <tbody>
          {operators.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`/operators/${o.id}`}>{o.name}</Link> <span className="muted">{o.email}</span>
                {o.id === me ? <span className="console-badge">{t('operators.you')}</span> : null}
              </td>
              <td>{t(`roles.${o.role}`)}</td>
              <td>{o.allSites ? t('operators.allSites') : [...o.pools.map((p) => t('operators.pool', { pool: p })), ...o.sites].join(', ') || '–'}</td>
              <td>{o.languages.join(', ') || t('common.all')}</td>
              <td>
                {t(`operators.status.${o.status}`)} {o.totp ? <span className="console-badge">{t('operators.totpOn')}</span> : null}
              </td>
              <td>{o.lastLoginAt ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className="console-card stack" aria-labelledby="invite-title">
        <h2 id="invite-title">{t('operators.invite')}</h2>
        {actionData?.invite ? (
          <Notice tone="success">
            {t('operators.invited')} <code className="console-code" data-testid="invite-link">{actionData.invite}</code>
          </Notice>
        ) : null}
        <ConsoleField name="email" type="email" label={t('login.email')} defaultValue={actionData?.email} error={errors.email} required />
        <OperatorFields values={{ name: '', role: 'chatter', allSites: false, pools: [], sites: [], languages: [], maxChats: 5 }} choices={choices} errors={errors} />
        <button type="submit" className="button button--primary">
          {t('operators.sendInvite')}
        </button>
      </Form>
    </div>
  )
}
