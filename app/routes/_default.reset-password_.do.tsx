import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert, TextField } from '~/components/form/fields.tsx'
import { PasswordSchema } from '~/modules/accounts/fields.ts'
import { resetPassword, resetTokenUsable } from '~/modules/accounts/password-reset.server.ts'
import { PASSWORD_MIN_LENGTH } from '~/modules/accounts/password-rules.ts'
import { sessionCookie } from '~/modules/auth/session.server.ts'
import { deviceCookie } from '~/modules/auth/known-device.server.ts'
import { limitHeaders, limitText } from '~/modules/limits/answer.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { consume, refund } from '~/modules/limits/limiter.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import accountCss from '~/styles/account.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['account'] }

// /reset-password/do (the trailing underscore keeps it out of /reset-password's layout).

const NewPasswordSchema = z
  .object({
    token: z.string({ error: 'validation.required' }).max(200),
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'validation.passwordRequired' }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordsNotEqual' })
    }
  })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }]

// The token is in the address: never pass it on to another site in a Referer header.
export const headers: HeadersFunction = (args) => {
  // And a 429 keeps its Retry-After.
  const headers = new Headers(limitPageHeaders(args))
  headers.set('Referrer-Policy', 'no-referrer')
  return headers
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const usable = await resetTokenUsable(context.db, context.scope, token)
  return {
    token: usable ? token : null,
    title: context.t(usable ? 'resetDo.title' : 'resetDo.invalidTitle', { ns: 'account' }),
    siteName: context.tenant.name,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, scope } = context
  const submission = parseWithZod(await request.formData(), { schema: NewPasswordSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), invalidLink: false, limited: null }, { status: 400 })
  }
  const ip = context.clientIp || 'unknown'
  const allowed = await consume('reset_complete_ip', ip)
  if (!allowed.ok) {
    const reply = submission.reply({ hideFields: ['password', 'confirmPassword'] })
    return data({ result: reply, invalidLink: false, limited: limitText(context.t, allowed.retryAfter) }, { status: 429, headers: limitHeaders(allowed.retryAfter) })
  }
  const result = await resetPassword(
    { db, scope },
    { token: submission.value.token, password: submission.value.password, userAgent: request.headers.get('user-agent'), ip: context.clientIp },
  )
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: ['account:resetDo.invalid'], hideFields: ['password', 'confirmPassword'] }), invalidLink: true, limited: null },
      { status: 400 },
    )
  }
  await refund('reset_complete_ip', ip)
  const headers = new Headers()
  headers.append('Set-Cookie', sessionCookie(result.sessionId))
  // The mailbox's owner: this browser becomes their known device (docs/decisions/009).
  headers.append('Set-Cookie', deviceCookie({ tenantId: scope.tenantId, userId: result.userId, passwordHash: result.passwordHash }))
  return redirect('/members?reset=1', { headers })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function ResetPasswordDo() {
  const { token, title } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('account')
  const [form, fields] = useForm({
    id: 'reset-password-do',
    lastResult: actionData?.result,
    defaultValue: { token: token ?? '' },
    constraint: getZodConstraint(NewPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
  })
  if (!token || actionData?.invalidLink) {
    return (
      <div className="container section narrow account-page">
        <h1>{t('resetDo.invalidTitle')}</h1>
        <div className="card stack">
          <p>{t('resetDo.invalid')}</p>
          <p>
            <Link to="/reset-password" className="button button--primary">
              {t('resetDo.requestNew')}
            </Link>
          </p>
        </div>
      </div>
    )
  }
  return (
    <div className="container section narrow account-page">
      <h1>{title}</h1>
      <p className="lead">{t('resetDo.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="card stack account-form">
        {actionData?.limited ? <FormAlert>{actionData.limited}</FormAlert> : null}
        <input {...getInputProps(fields.token, { type: 'hidden' })} />
        <TextField
          meta={fields.password}
          label={t('resetDo.password')}
          type="password"
          autoComplete="new-password"
          hint={t('resetDo.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        />
        <TextField meta={fields.confirmPassword} label={t('resetDo.confirmPassword')} type="password" autoComplete="new-password" />
        <button type="submit" className="button button--primary account-form__submit">
          {t('resetDo.submit')}
        </button>
      </Form>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
