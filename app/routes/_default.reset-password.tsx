import { getFormProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert, TextField } from '~/components/form/fields.tsx'
import { EmailSchema } from '~/modules/accounts/fields.ts'
import { queuePasswordReset } from '~/modules/accounts/password-reset.server.ts'
import { limitHeaders, limitText } from '~/modules/limits/answer.server.ts'
import { consume } from '~/modules/limits/limiter.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import accountCss from '~/styles/account.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['account'] }

const ResetRequestSchema = z.object({ email: EmailSchema })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    sent: new URL(request.url).searchParams.get('sent') === '1',
    title: context.t('reset.title', { ns: 'account' }),
    siteName: context.tenant.name,
  }
}

// A 429 page keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetRequestSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply(), limited: null }, { status: 400 })
  }
  // Per IP, visibly; per account the mails are counted silently (requestPasswordReset).
  const allowed = await consume('reset_request_ip', context.clientIp || 'unknown')
  if (!allowed.ok) {
    return data({ result: submission.reply(), limited: limitText(context.t, allowed.retryAfter) }, { status: 429, headers: limitHeaders(allowed.retryAfter) })
  }
  // The same work for every address, an account or not: one job (requestPasswordReset runs
  // there), so neither the answer nor its timing tells whether an account exists.
  await queuePasswordReset(context.db, context.scope, { email: submission.value.email, origin: siteLink(context.tenant, request, ''), locale: context.locale })
  return redirect('/reset-password?sent=1')
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function ResetPassword() {
  const { sent, title } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('account')
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetRequestSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetRequestSchema }),
  })
  return (
    <div className="container section narrow account-page">
      <h1>{title}</h1>
      {sent ? (
        <div className="card stack">
          <FormAlert tone="success">{t('reset.sent')}</FormAlert>
          <p>
            <Link to="/login">{t('reset.backToLogin')}</Link>
          </p>
        </div>
      ) : (
        <>
          <p className="lead">{t('reset.intro')}</p>
          <Form method="post" {...getFormProps(form)} className="card stack account-form">
            {actionData?.limited ? <FormAlert>{actionData.limited}</FormAlert> : null}
            <TextField meta={fields.email} label={t('reset.email')} type="email" autoComplete="email" />
            <button type="submit" className="button button--primary account-form__submit">
              {t('reset.submit')}
            </button>
            <p className="account-form__aside">
              <Link to="/login">{t('reset.backToLogin')}</Link>
            </p>
          </Form>
        </>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
