// /account on the console host: the operator's own console language, password and
// two-step sign-in (optional for chatters, moderators and marketers; decision 023).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleField, Notice } from '~/components/console/field.tsx'
import { RecoveryCodes, TotpSetup } from '~/components/console/totp-setup.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { changeOperatorPassword, OperatorPasswordSchema } from '~/modules/operators/accounts.server.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { enrolmentView, finishEnrolment } from '~/modules/operators/enrol.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { LOCALES } from '../../tenants/schema.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Account' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { operator, session, ctx } = await requireOperator(context, request)
  return { locale: operator.locale, locales: LOCALES, totp: operator.totpEnabled, enrolment: operator.totpEnabled ? null : await enrolmentView(ctx.db, session) }
}

type Result = { notice: string | null; ok: boolean; errors: Record<string, string>; codes: string[] | null }
const reply = (result: Partial<Result>, status = 200) => data<Result>({ notice: null, ok: true, errors: {}, codes: null, ...result }, { status })

export async function action({ context, request }: ActionFunctionArgs) {
  const { operator, db, actor, session, ctx } = await requireOperator(context, request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'language') {
    const locale = String(form.get('locale'))
    if (!(LOCALES as readonly string[]).includes(locale)) return reply({ ok: false, notice: 'errors.generic' }, 400)
    await withOperator(db, async (tx) => {
      await tx.operator.update({ where: { id: operator.id }, data: { locale } })
      await auditIn(tx, actor, { action: 'operator.language', targetType: 'operator', targetId: operator.id, before: { locale: operator.locale }, after: { locale } })
    })
    return reply({ notice: 'common.saved' })
  }
  if (intent === 'password') {
    const password = String(form.get('password') ?? '')
    const parsed = OperatorPasswordSchema.safeParse(password)
    if (!parsed.success) return reply({ ok: false, errors: { password: parsed.error.issues[0]!.message.replace('console:', '') } }, 400)
    if (password !== String(form.get('confirm') ?? '')) return reply({ ok: false, errors: { confirm: 'account.mismatch' } }, 400)
    await changeOperatorPassword(ctx.db, actor, password, session.rawId)
    return reply({ notice: 'account.changed' })
  }
  const codes = await finishEnrolment(ctx.db, session, String(form.get('code') ?? '').slice(0, 20), actor)
  if (!codes) return reply({ ok: false, errors: { code: 'code.wrong' } }, 400)
  return reply({ notice: 'account.totpDone', codes })
}

export default function Account() {
  const { t } = useTranslation('console')
  const { locale, locales, totp, enrolment } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = actionData?.errors ?? {}
  return (
    <div className="stack">
      <h1>{t('account.title')}</h1>
      {actionData?.notice ? <Notice tone={actionData.ok ? 'success' : 'danger'}>{t(actionData.notice)}</Notice> : null}
      <Form method="post" className="console-card console-filters">
        <input type="hidden" name="intent" value="language" />
        <div className="field">
          <label htmlFor="account-locale">{t('account.language')}</label>
          <select id="account-locale" name="locale" defaultValue={locale}>
            {locales.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--light">
          {t('common.save')}
        </button>
      </Form>
      <Form method="post" className="console-card" aria-labelledby="password-title">
        <h2 id="password-title">{t('account.passwordTitle')}</h2>
        <input type="hidden" name="intent" value="password" />
        <ConsoleField name="password" type="password" label={t('account.newPassword')} autoComplete="new-password" error={errors.password} required />
        <ConsoleField name="confirm" type="password" label={t('account.confirm')} autoComplete="new-password" error={errors.confirm} required />
        <button type="submit" className="button button--primary">
          {t('common.save')}
        </button>
      </Form>
      <section className="console-card stack" aria-labelledby="totp-title">
        <h2 id="totp-title">{t('account.totpTitle')}</h2>
        {actionData?.codes ? <RecoveryCodes codes={actionData.codes} /> : totp ? <p>{t('account.totpOn')}</p> : null}
        {!totp && enrolment && !actionData?.codes ? (
          <>
            <p>{t('account.totpOff')}</p>
            <TotpSetup enrolment={enrolment} error={errors.code} intent="totp" />
          </>
        ) : null}
      </section>
    </div>
  )
}
