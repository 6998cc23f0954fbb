import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'
import { formatLocaleFor } from '~/modules/site/format-locale.ts'
import { z } from 'zod'
import { FormAlert, TextField } from '~/components/form/fields.tsx'
import { Honeypot } from '~/components/form/honeypot.tsx'
import { EmailSchema } from '~/modules/accounts/fields.ts'
import { logIn, loginCookies } from '~/modules/accounts/login.server.ts'
import { PASSWORD_MAX_LENGTH } from '~/modules/accounts/password-rules.ts'
import { requireAnonymous, safeRedirect } from '~/modules/auth/guards.server.ts'
import { originOf } from '~/modules/http/safe-redirect.ts'
import { readSessionId } from '~/modules/auth/session.server.ts'
import { honeypotFilled } from '~/modules/http/honeypot.ts'
import { limitHeaders } from '~/modules/limits/answer.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import accountCss from '~/styles/account.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['account'] }

const LoginSchema = z.object({
  email: EmailSchema,
  // No length rule beyond a cap: the account decides, and the message must not hint at it.
  password: z.string({ error: 'validation.passwordRequired' }).max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
  redirectTo: z.string().optional(),
})

type LoginAlert = { kind: 'failed' } | { kind: 'banned' } | { kind: 'locked'; minutes: number } | { kind: 'deleted'; date: string }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAnonymous(context)
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  return {
    redirectTo: redirectTo ? safeRedirect(redirectTo, '/members', originOf(request)) : '',
    title: context.t('login.title', { ns: 'account' }),
    siteName: context.tenant.name,
  }
}

// A 429 page keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  requireAnonymous(context)
  const { db, scope, tenant } = context
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), alert: null as LoginAlert | null }, { status: 400 })
  }
  // The honeypot was filled: a bot. It learns nothing: the answer of a wrong password.
  if (honeypotFilled(form)) {
    return data({ result: submission.reply({ formErrors: ['account:login.failed'], hideFields: ['password'] }), alert: { kind: 'failed' } as LoginAlert }, { status: 400 })
  }
  const { email, password, redirectTo } = submission.value
  const cookieHeader = request.headers.get('cookie')
  const result = await logIn(
    { db, scope },
    { email, password, ip: context.clientIp, cookieHeader, userAgent: request.headers.get('user-agent'), previousSessionId: readSessionId(cookieHeader) },
  )
  if (!result.ok) {
    const alert: LoginAlert =
      result.reason === 'locked'
        ? { kind: 'locked', minutes: result.minutes }
        : result.reason === 'deleted'
          ? { kind: 'deleted', date: dateTimeFormat(formatLocaleFor(context.locale, tenant.countries), { dateStyle: 'long', timeZone: tenant.timeZone }).format(result.until) }
          : result.reason === 'banned'
            ? { kind: 'banned' }
            : { kind: 'failed' }
    // A form-level error keeps the typed e-mail; the alert carries the minutes for the text.
    const reply = submission.reply({ formErrors: [`account:login.${alert.kind}`], hideFields: ['password'] })
    return result.reason === 'locked' ? data({ result: reply, alert }, { status: 429, headers: limitHeaders(result.retryAfter) }) : data({ result: reply, alert }, { status: 400 })
  }
  const headers = new Headers()
  for (const cookie of await loginCookies(result, tenant.locales.offered, scope.tenantId)) headers.append('Set-Cookie', cookie)
  return redirect(safeRedirect(redirectTo, '/members', originOf(request)), { headers })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Login() {
  const { redirectTo, title } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('account')
  const { canSignUp } = useRootData()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    defaultValue: { redirectTo },
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  })
  const alert = actionData?.alert
  return (
    <div className="container section narrow account-page">
      <h1>{title}</h1>
      <p className="lead">{t('login.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="card stack account-form">
        {alert ? (
          <FormAlert>
            {alert.kind === 'locked' ? (
              t('login.locked', { minutes: alert.minutes })
            ) : alert.kind === 'deleted' ? (
              t('login.deleted', { date: alert.date })
            ) : alert.kind === 'banned' ? (
              <>
                {t('login.banned')} <Link to="/pages/ban">{t('login.banPage')}</Link>
              </>
            ) : (
              t('login.failed')
            )}
          </FormAlert>
        ) : null}
        <input {...getInputProps(fields.redirectTo, { type: 'hidden' })} />
        <Honeypot />
        <TextField meta={fields.email} label={t('login.email')} type="email" autoComplete="username" />
        <TextField meta={fields.password} label={t('login.password')} type="password" autoComplete="current-password" />
        <button type="submit" className="button button--primary account-form__submit">
          {t('login.submit')}
        </button>
        <p className="account-form__aside">
          <Link to="/reset-password">{t('login.forgot')}</Link>
        </p>
      </Form>
      {canSignUp ? (
        <p className="account-page__switch">
          {t('login.noAccount')} <Link to="/signup">{t('login.signup')}</Link>
        </p>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
