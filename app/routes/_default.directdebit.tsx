import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { useTranslation } from 'react-i18next'
import { FieldErrors, FormAlert, TextField } from '~/components/form/fields.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { originOf } from '~/modules/http/safe-redirect.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { DirectDebitSchema } from '~/modules/payments/direct-debit-schema.ts'
import { payByDirectDebit, sendDirectDebitCode } from '~/modules/payments/direct-debit.server.ts'
import { bundlePrice } from '~/modules/payments/purchase.server.ts'
import { pricingCountry } from '~/modules/site/pricing-country.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { useFormatLocale } from '~/modules/site/use-root-data.ts'
import { formatMoney } from '~/modules/site/pricing.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// SPEC §2 /directdebit: pay a bundle (?bundle=, default the highlighted one) by SEPA direct
// debit after confirming a one-time code sent by e-mail.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { tenant } = context
  const url = new URL(request.url)
  const bundleId = url.searchParams.get('bundle') ?? tenant.creditBundles.find((b) => b.highlighted)?.id ?? tenant.creditBundles[0]!.id
  const bundle = bundlePrice(tenant, bundleId, await pricingCountry(context, request.headers))
  if (!bundle || bundle.currency !== 'EUR' || !tenant.payments.methods.includes('sdd')) throw new Response('Not found', { status: 404 })
  return { bundle, email: member.email, company: tenant.company.name, key: randomUUID(), codeSent: url.searchParams.get('sent') === '1', title: context.t('directDebit.title', { ns: 'payments' }), siteName: tenant.name }
}

const REASONS = { code: 'payments:directDebit.codeInvalid', blocked: 'payments:directDebit.blocked', limit: 'payments:directDebit.limit', provider: 'payments:errors.provider', unavailable: 'payments:errors.provider' } as const

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, theme, t } = context
  const formData = await request.formData()
  const bundleId = String(formData.get('bundle') ?? '')
  if (formData.get('intent') === 'send-code') {
    await sendDirectDebitCode({ db, scope, tenant, theme, t }, { userId: member.userId, link: siteLink(tenant, request, `/directdebit?bundle=${encodeURIComponent(bundleId)}`) })
    return redirect(`/directdebit?bundle=${encodeURIComponent(bundleId)}&sent=1`)
  }
  const submission = parseWithZod(formData, { schema: DirectDebitSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const { value } = submission
  const result = await payByDirectDebit(db, tenant, scope, {
    userId: member.userId,
    bundleId: value.bundle,
    country: await pricingCountry(context, request.headers),
    code: value.otp,
    accountHolder: value.account_holder,
    iban: value.iban,
    idempotencyKey: value.key,
    origin: originOf(request),
  })
  if (result.ok) return redirect(`/credits/result/${result.paymentId}`)
  if (result.reason === 'unknown_bundle') throw new Response('Not found', { status: 404 })
  if (result.reason === 'code') return data(submission.reply({ fieldErrors: { otp: [REASONS.code] } }), { status: 400 })
  return data(submission.reply({ formErrors: [REASONS[result.reason]] }), { status: result.reason === 'provider' || result.reason === 'unavailable' ? 503 : 403 })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function DirectDebit() {
  const { bundle, company, key, codeSent, title } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t } = useTranslation('payments')
  const formatLocale = useFormatLocale()
  const [form, fields] = useForm({
    id: 'direct-debit',
    lastResult,
    constraint: getZodConstraint(DirectDebitSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DirectDebitSchema }),
  })
  return (
    <div className="container section narrow">
      <h1>{title}</h1>
      <p className="lead">{t('directDebit.intro', { credits: bundle.credits, price: formatMoney(bundle.amount, bundle.currency, formatLocale) })}</p>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="send-code" />
        <input type="hidden" name="bundle" value={bundle.id} />
        <button type="submit" className="button button--light">
          {t('directDebit.sendCode')}
        </button>
        {codeSent ? <FormAlert tone="info">{t('directDebit.codeSent')}</FormAlert> : null}
      </Form>
      <Form method="post" {...getFormProps(form)} className="card stack">
        {form.errors?.length ? <FormAlert>{t(form.errors[0]!.replace('payments:', ''))}</FormAlert> : null}
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="bundle" value={bundle.id} />
        <input type="hidden" name="key" value={key} />
        <TextField meta={fields.otp} label={t('directDebit.otp')} autoComplete="one-time-code" inputMode="numeric" />
        <TextField meta={fields.account_holder} label={t('directDebit.accountHolder')} autoComplete="name" />
        <TextField meta={fields.iban} label={t('directDebit.iban')} autoComplete="off" />
        <TextField meta={fields.street} label={t('directDebit.street')} autoComplete="address-line1" />
        <TextField meta={fields.house_number} label={t('directDebit.houseNumber')} />
        <TextField meta={fields.zip} label={t('directDebit.zip')} autoComplete="postal-code" />
        <TextField meta={fields.city} label={t('directDebit.city')} autoComplete="address-level2" />
        <TextField meta={fields.phone} label={t('directDebit.phone')} type="tel" autoComplete="tel" />
        <div className="field">
          <label className="choice">
            <input {...getInputProps(fields.authorise, { type: 'checkbox', value: 'on' })} />
            <span>{t('directDebit.authorise', { company })}</span>
          </label>
          <FieldErrors id={fields.authorise.errorId} errors={fields.authorise.errors} />
        </div>
        <button type="submit" className="button button--primary button--large">
          {t('directDebit.submit')}
        </button>
      </Form>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
