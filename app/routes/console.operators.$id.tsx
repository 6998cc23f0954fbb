// /operators/{id} on the console host (admins): one operator's role, assignment, languages
// and maximum; disable or enable; reset the second factor; a new invite link (forgotten
// password). Every change audited with before and after.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Notice } from '~/components/console/field.tsx'
import { OperatorFields } from '~/components/console/operator-fields.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { reinviteOperatorIn } from '~/modules/operators/accounts.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { grantable, readOperatorForm, resetSecondFactorIn, setOperatorStatusIn, updateOperatorIn } from '~/modules/operators/manage.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { LOCALES } from '../../tenants/schema.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Operator' }]

const idOf = (params: LoaderFunctionArgs['params']) => {
  const id = params.id ?? ''
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Response('Not Found', { status: 404 })
  return id
}

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { operator, db, reach } = await requireOperator(context, request, { area: 'operators' })
  const row = await withOperator(db, (tx) => tx.operator.findUnique({ where: { id: idOf(params) }, select: { id: true, email: true, name: true, role: true, status: true, allSites: true, pools: true, sites: true, languages: true, maxChats: true, totpSecret: true } }))
  if (!row) throw new Response('Not Found', { status: 404 })
  const { totpSecret, ...rest } = row
  return {
    self: row.id === operator.id,
    target: { ...rest, totp: totpSecret !== null },
    choices: { allSites: operator.allSites, pools: reach.pools, sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name, pool: s.pool })), languages: LOCALES },
  }
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  const { operator, db, reach, actor } = await requireOperator(context, request, { area: 'operators' })
  const id = idOf(params)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'disable' || intent === 'enable') {
    const result = await withOperator(db, (tx) => setOperatorStatusIn(tx, actor, id, intent === 'disable' ? 'disabled' : 'active'))
    return data({ notice: result === 'ok' ? 'common.saved' : `operators.${result}`, ok: result === 'ok', errors: {}, invite: null }, { status: result === 'ok' ? 200 : 400 })
  }
  if (intent === 'totp') {
    const ok = await withOperator(db, (tx) => resetSecondFactorIn(tx, actor, id))
    return data({ notice: ok ? 'operators.totpReset' : 'operators.not_found', ok, errors: {}, invite: null }, { status: ok ? 200 : 404 })
  }
  if (intent === 'reinvite') {
    const token = id === operator.id ? null : await withOperator(db, (tx) => reinviteOperatorIn(tx, actor, id))
    return data({ notice: token ? 'operators.invited' : 'operators.self', ok: token !== null, errors: {}, invite: token ? `${new URL(request.url).origin}/invite/${token}` : null }, { status: token ? 200 : 400 })
  }
  const parsed = readOperatorForm(form)
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message.startsWith('operators.') ? i.message : 'errors.generic']))
    return data({ notice: null, ok: false, errors, invite: null }, { status: 400 })
  }
  const assignment = grantable(operator, reach, { allSites: parsed.data.allSites, pools: parsed.data.pools, sites: parsed.data.sites, languages: parsed.data.languages })
  if (!assignment) return data({ notice: null, ok: false, errors: { assignment: 'operators.beyondYours' }, invite: null }, { status: 400 })
  const result = await withOperator(db, (tx) => updateOperatorIn(tx, actor, id, { ...assignment, name: parsed.data.name, role: parsed.data.role, maxChats: parsed.data.maxChats }))
  return data({ notice: result === 'ok' ? 'common.saved' : `operators.${result}`, ok: result === 'ok', errors: {}, invite: null }, { status: result === 'ok' ? 200 : 400 })
}

export default function OperatorEdit() {
  const { t } = useTranslation('console')
  const { target, choices, self } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="stack">
      <h1>
        {target.name} <span className="muted">{target.email}</span>
      </h1>
      {actionData?.notice ? <Notice tone={actionData.ok ? 'success' : 'danger'}>{t(actionData.notice)}</Notice> : null}
      {actionData?.invite ? <code className="console-code" data-testid="invite-link">{actionData.invite}</code> : null}
      <Form method="post" className="console-card stack">
        <input type="hidden" name="intent" value="save" />
        <OperatorFields values={target} choices={choices} errors={(actionData?.errors ?? {}) as Record<string, string>} />
        <button type="submit" className="button button--primary">
          {t('common.save')}
        </button>
      </Form>
      {self ? null : (
        <div className="console-card console-filters">
          <p>{t(`operators.status.${target.status}`)}</p>
          <Form method="post">
            <input type="hidden" name="intent" value={target.status === 'disabled' ? 'enable' : 'disable'} />
            <button type="submit" className={`button ${target.status === 'disabled' ? 'button--light' : 'button--danger'}`}>
              {target.status === 'disabled' ? t('operators.enable') : t('operators.disable')}
            </button>
          </Form>
          {target.totp ? (
            <Form method="post">
              <input type="hidden" name="intent" value="totp" />
              <button type="submit" className="button button--light">
                {t('operators.resetTotp')}
              </button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="reinvite" />
            <button type="submit" className="button button--light">
              {t('operators.reinvite')}
            </button>
          </Form>
        </div>
      )}
    </div>
  )
}
