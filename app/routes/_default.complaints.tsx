// /complaints: the complaints procedure (static text) and the form that files a complaint
// with this site (SPEC §1, §2). Stored per site, confirmed by mail, listed for operators on
// /operator/complaints.
import { getFormProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormAlert, TextAreaField, TextField } from '~/components/form/fields.tsx'
import { Honeypot } from '~/components/form/honeypot.tsx'
import { StaticPage } from '~/components/static-page.tsx'
import { fileComplaint } from '~/modules/complaints/complaints.server.ts'
import { COMPLAINT_LIMITS, ComplaintSchema } from '~/modules/complaints/schema.ts'
import { honeypotFilled } from '~/modules/http/honeypot.ts'
import { limitHeaders, limitText } from '~/modules/limits/answer.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { consume } from '~/modules/limits/limiter.server.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { staticPageContent } from '~/modules/site/static-pages.server.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import accountCss from '~/styles/account.css?url'

export const handle: I18nHandle = { i18n: ['account'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }]

export const headers = limitPageHeaders

const REFERENCE = /^K-\d{6,}$/

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get('sent')
  const member = context.member
  return {
    content: staticPageContent('complaints', context.tenant, context.t, context.locale),
    siteName: context.tenant.name,
    sent: sent && REFERENCE.test(sent) ? sent : null,
    // Only a logged-in member's own address gets the number by mail (fileComplaint).
    mailed: Boolean(member),
    // A logged-in member's name and address are filled in; both can be changed.
    defaults: { name: member?.profile?.name ?? '', email: member?.email ?? '', subject: '', message: '', transaction: '' },
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: ComplaintSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), limited: null }, { status: 400 })
  // A bot: it is told what a person is told, and nothing is stored or sent.
  if (honeypotFilled(form)) return redirect('/complaints?sent=K-000000')
  const allowed = await consume('complaint_ip', context.clientIp || 'unknown')
  if (!allowed.ok) {
    return data({ result: submission.reply(), limited: limitText(context.t, allowed.retryAfter) }, { status: 429, headers: limitHeaders(allowed.retryAfter) })
  }
  const filed = await fileComplaint(context, {
    ...submission.value,
    userId: context.member?.userId ?? null,
    // Confirmed by mail only to a logged-in member's own address (with the number only).
    confirmTo: context.member?.email ?? null,
    locale: context.locale,
    link: siteLink(context.tenant, request, '/complaints'),
  })
  return redirect(`/complaints?sent=${filed.reference}`)
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.content.title, attentionOf(matches)) }] : [])

export default function Complaints() {
  const { content, sent, mailed, defaults } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('account')
  const [form, fields] = useForm({
    id: 'complaint',
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint: getZodConstraint(ComplaintSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ComplaintSchema }),
  })
  return (
    <>
      <StaticPage content={content} />
      <section className="container section narrow account-page" aria-labelledby="complaint-form-title">
        <h2 id="complaint-form-title">{t('complaint.title')}</h2>
        {sent ? (
          <div className="card stack">
            <FormAlert tone="success">{t(mailed ? 'complaint.sentMailed' : 'complaint.sent', { reference: sent })}</FormAlert>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="card stack account-form">
            <p>{t('complaint.intro')}</p>
            {actionData?.limited ? <FormAlert>{actionData.limited}</FormAlert> : null}
            <Honeypot />
            <TextField meta={fields.name} label={t('complaint.name')} autoComplete="name" maxLength={COMPLAINT_LIMITS.name} />
            <TextField meta={fields.email} label={t('complaint.email')} type="email" autoComplete="email" />
            <TextField meta={fields.subject} label={t('complaint.subject')} maxLength={COMPLAINT_LIMITS.subject} />
            <TextAreaField meta={fields.message} label={t('complaint.message')} maxLength={COMPLAINT_LIMITS.message} />
            <TextField meta={fields.transaction} label={t('complaint.transaction')} hint={t('complaint.transactionHint')} maxLength={COMPLAINT_LIMITS.transaction} />
            <button type="submit" className="button button--primary account-form__submit" disabled={navigation.state === 'submitting'}>
              {t('complaint.submit')}
            </button>
          </Form>
        )}
      </section>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
