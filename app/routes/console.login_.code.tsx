// /login/code: the second factor of a console login (TOTP from the app, or a recovery code).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConsoleField, Notice } from '~/components/console/field.tsx'
import { consoleContextOf } from '~/modules/console/context.server.ts'
import { safeRedirect } from '~/modules/http/safe-redirect.ts'
import { completeSecondFactor } from '~/modules/operators/login.server.ts'
import { homePath } from '~/modules/operators/roles.ts'
import { consoleSessionCookie } from '~/modules/operators/session.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Console' }, { name: 'robots', content: 'noindex, nofollow' }]

function pendingSession(context: LoaderFunctionArgs['context']) {
  const ctx = consoleContextOf(context)
  if (ctx.session?.stage === 'full') throw redirect('/')
  if (ctx.session?.stage !== 'second_factor') throw redirect('/login')
  return { ctx, session: ctx.session }
}

export async function loader({ context }: LoaderFunctionArgs) {
  pendingSession(context)
  return null
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { ctx, session } = pendingSession(context)
  const form = await request.formData()
  const code = String(form.get('code') ?? '').slice(0, 40)
  const recovery = form.get('kind') === 'recovery'
  const result = await completeSecondFactor(ctx.db, session, { code, recovery, ip: ctx.clientIp, userAgent: request.headers.get('user-agent') })
  if (!result.ok) {
    if (result.reason === 'locked') return data({ error: 'code.locked', minutes: result.minutes, recovery }, { status: 429, headers: { 'Retry-After': String(result.retryAfter) } })
    return data({ error: recovery ? 'code.wrongRecovery' : 'code.wrong', minutes: 0, recovery }, { status: 400 })
  }
  const next = safeRedirect(String(form.get('redirectTo') ?? ''), homePath(session.operator.role))
  throw redirect(next, { headers: { 'Set-Cookie': consoleSessionCookie(result.cookie.rawId, result.cookie.maxAge) } })
}

export default function ConsoleLoginCode() {
  const { t } = useTranslation('console')
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const [recovery, setRecovery] = useState(actionData?.recovery ?? params.get('kind') === 'recovery')
  return (
    <section className="console-auth console-card" aria-labelledby="code-title">
      <h1 id="code-title">{t('code.title')}</h1>
      <p className="muted">{recovery ? t('code.introRecovery') : t('code.intro')}</p>
      {actionData?.error ? <Notice tone="danger">{t(actionData.error, { minutes: actionData.minutes })}</Notice> : null}
      <Form method="post">
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <input type="hidden" name="kind" value={recovery ? 'recovery' : 'totp'} />
        {recovery ? (
          <ConsoleField key="recovery" name="code" label={t('code.recoveryLabel')} autoComplete="off" required autoFocus maxLength={11} />
        ) : (
          <ConsoleField key="totp" name="code" label={t('code.label')} autoComplete="one-time-code" inputMode="numeric" required autoFocus maxLength={7} />
        )}
        <button type="submit" className="button button--primary">
          {t('code.submit')}
        </button>
      </Form>
      <p>
        <a href={`?kind=${recovery ? 'totp' : 'recovery'}&redirectTo=${encodeURIComponent(params.get('redirectTo') ?? '')}`} onClick={(e) => (e.preventDefault(), setRecovery(!recovery))}>
          {recovery ? t('code.useApp') : t('code.useRecovery')}
        </a>
      </p>
    </section>
  )
}
