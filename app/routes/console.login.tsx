// /login on the console host: e-mail and password of an operator (never a member's), with
// the member login's limits and lockout; then the second factor or its set-up (decision 023).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ConsoleField, Notice } from '~/components/console/field.tsx'
import { Honeypot } from '~/components/form/honeypot.tsx'
import { honeypotFilled } from '~/modules/http/honeypot.ts'
import { safeRedirect } from '~/modules/http/safe-redirect.ts'
import { requireSignedOut } from '~/modules/operators/guard.server.ts'
import { logInOperator } from '~/modules/operators/login.server.ts'
import { homePath } from '~/modules/operators/roles.ts'
import { consoleSessionCookie } from '~/modules/operators/session.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Console' }, { name: 'robots', content: 'noindex, nofollow' }]

const LoginSchema = z.object({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(200) })

export async function loader({ context }: LoaderFunctionArgs) {
  requireSignedOut(context)
  return null
}

export async function action({ context, request }: ActionFunctionArgs) {
  const ctx = requireSignedOut(context)
  const form = await request.formData()
  const email = String(form.get('email') ?? '').slice(0, 254)
  const redirectTo = String(form.get('redirectTo') ?? '')
  const parsed = LoginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
  if (!parsed.success || honeypotFilled(form)) return data({ error: 'login.failed', minutes: 0, email }, { status: 400 })
  const result = await logInOperator(ctx.db, { ...parsed.data, ip: ctx.clientIp, userAgent: request.headers.get('user-agent'), previousSessionId: ctx.session?.rawId })
  if (!result.ok) {
    if (result.reason === 'locked') return data({ error: 'login.locked', minutes: result.minutes, email }, { status: 429, headers: { 'Retry-After': String(result.retryAfter) } })
    return data({ error: 'login.failed', minutes: 0, email }, { status: 400 })
  }
  const headers = { 'Set-Cookie': consoleSessionCookie(result.cookie.rawId, result.cookie.maxAge) }
  const next = safeRedirect(redirectTo, homePath(result.role))
  if (result.stage === 'second_factor') throw redirect(`/login/code?redirectTo=${encodeURIComponent(next)}`, { headers })
  if (result.stage === 'enrol') throw redirect(`/login/setup?redirectTo=${encodeURIComponent(next)}`, { headers })
  throw redirect(next, { headers })
}

export default function ConsoleLogin() {
  const { t } = useTranslation('console')
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="console-auth console-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {actionData?.error ? <Notice tone="danger">{t(actionData.error, { minutes: actionData.minutes })}</Notice> : null}
      <Form method="post">
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <Honeypot />
        <ConsoleField name="email" type="email" label={t('login.email')} autoComplete="username" required defaultValue={actionData?.email} autoFocus />
        <ConsoleField name="password" type="password" label={t('login.password')} autoComplete="current-password" required />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('login.submit')}
        </button>
      </Form>
    </section>
  )
}
