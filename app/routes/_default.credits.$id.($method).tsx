import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { useTranslation } from 'react-i18next'
import { FieldErrors, FormAlert, TextField } from '~/components/form/fields.tsx'
import { DiscountNote } from '~/components/payments/discount-note.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { invariantResponse } from '~/modules/http/invariant.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { CheckoutSchema, CODE_ERRORS } from '~/modules/payments/checkout-schema.ts'
import { isPaymentMethod } from '~/modules/payments/methods.ts'
import { TIME_BONUS_CODE, WELCOME_CODE } from '~/modules/payments/discounts.server.ts'
import { checkoutPage } from '~/modules/payments/pages.server.ts'
import { startPurchase } from '~/modules/payments/purchase.server.ts'
import { pricingCountry } from '~/modules/site/pricing-country.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { WasPrice } from '~/components/payments/was-price.tsx'
import { useFormatLocale } from '~/modules/site/use-root-data.ts'
import { formatMoney } from '~/modules/site/pricing.ts'
import { pageTitle } from '~/modules/site/title.ts'
import { originOf } from '~/modules/http/safe-redirect.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// SPEC §2 /credits/{id}/{paymentmethod?}: the bundle, the methods that work for the member's
// payment country (iDEAL with its banks), a discount code, and before the first purchase
// the site's fictional-profile notice. Paying creates the payment and goes to Mollie.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const page = await checkoutPage(context, member, request.headers, params.id ?? '')
  invariantResponse(page, 'Not found', { status: 404 })
  const method = params.method ?? null
  invariantResponse(method === null || page.methods.some((m) => m.id === method), 'Not found', { status: 404 })
  const code = new URL(request.url).searchParams.get('code')
  return {
    ...page,
    method,
    code: code && /^[A-Za-z0-9_-]{1,40}$/.test(code) ? code : null,
    // One key per rendering of the form: a double click submits it twice, and pays once.
    key: randomUUID(),
    title: context.t('checkout.title', { ns: 'payments' }),
    siteName: context.tenant.name,
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const submission = parseWithZod(await request.formData(), { schema: CheckoutSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const { method, issuer, code, key, acknowledge } = submission.value
  if (!member.paidUser && !acknowledge) return data(submission.reply({ fieldErrors: { acknowledge: ['payments:errors.acknowledge'] } }), { status: 400 })
  // SEPA direct debit has its own form (SPEC §3): code by e-mail, IBAN, authorisation.
  if (method === 'sdd') return redirect(`/directdebit?bundle=${encodeURIComponent(params.id ?? '')}`)
  const result = await startPurchase(context.db, context.tenant, context.scope, {
    userId: member.userId,
    bundleId: params.id ?? '',
    method: isPaymentMethod(method) ? method : null,
    issuer: issuer ?? null,
    country: await pricingCountry(context, request.headers),
    code: code || null,
    idempotencyKey: key,
    origin: originOf(request),
    locale: context.locale,
  })
  if (result.ok) return redirect(result.checkoutUrl)
  if (result.reason === 'code') {
    // The welcome and time-bonus codes expire with their offer: say why, not only "expired".
    const offer = result.code === 'expired' && [WELCOME_CODE, TIME_BONUS_CODE].includes((code ?? '').trim().toUpperCase())
    return data(submission.reply({ fieldErrors: { code: [offer ? 'payments:errors.codeOfferExpired' : CODE_ERRORS[result.code]] } }), { status: 400 })
  }
  if (result.reason === 'method') return data(submission.reply({ fieldErrors: { method: ['payments:errors.method'] } }), { status: 400 })
  if (result.reason === 'unknown_bundle') throw new Response('Not found', { status: 404 })
  return data(submission.reply({ formErrors: ['payments:errors.provider'] }), { status: 503 })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Checkout() {
  const { bundle, methods, issuers, disclosure, discount, method, code, saved, key, title } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('payments')
  const formatLocale = useFormatLocale()
  const [form, fields] = useForm({
    id: 'checkout',
    lastResult,
    defaultValue: { method: method ?? methods[0]?.id, code: code ?? '' },
    constraint: getZodConstraint(CheckoutSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckoutSchema }),
  })
  const busy = navigation.state !== 'idle' && navigation.formAction !== undefined
  return (
    <div className="container section narrow">
      <h1>{title}</h1>
      <p className="lead" data-testid="order">
        {t('checkout.bundle', { credits: bundle.credits, price: formatMoney(bundle.price, bundle.currency, formatLocale) })}
        {bundle.price !== bundle.amount ? <WasPrice price={formatMoney(bundle.amount, bundle.currency, formatLocale)} /> : null}
      </p>
      {discount ? <DiscountNote discount={discount} /> : null}
      {saved.length > 0 ? (
        <section className="card stack" data-testid="saved-cards">
          <h2>{t('checkout.savedCards')}</h2>
          <ul>
            {saved.map((m) => (
              <li key={m.id}>{m.label}</li>
            ))}
          </ul>
          <Link to={`/credits/repeat-order?bundle=${bundle.id}`} className="button button--light">
            {t('repeat.confirm')}
          </Link>
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card stack">
        {form.errors?.length ? <FormAlert>{t(form.errors[0]!.replace('payments:', ''))}</FormAlert> : null}
        <input type="hidden" name="key" value={key} />
        <fieldset className="field" aria-describedby={fields.method.errors?.length ? fields.method.errorId : undefined}>
          <legend>{t('checkout.method')}</legend>
          <div className="choices">
            {methods.map((m) => (
              <label key={m.id} className="choice">
                <input type="radio" name={fields.method.name} value={m.id} defaultChecked={(fields.method.initialValue ?? methods[0]?.id) === m.id} />
                <span>{m.label}</span>
              </label>
            ))}
          </div>
          <FieldErrors id={fields.method.errorId} errors={fields.method.errors} />
        </fieldset>
        {issuers.length > 0 ? (
          <div className="field">
            <label htmlFor="issuer">{t('checkout.bank')}</label>
            <select id="issuer" name="issuer" defaultValue="">
              <option value="">{t('checkout.anyBank')}</option>
              {issuers.map((issuer) => (
                <option key={issuer.id} value={issuer.id}>
                  {issuer.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <TextField meta={fields.code} label={t('checkout.code')} hint={t('checkout.codeHint')} autoComplete="off" />
        {disclosure ? (
          <div className="disclosure" data-testid="disclosure">
            <h2>{t('checkout.disclosureTitle')}</h2>
            <p>
              {disclosure.text}
            </p>
            <label className="choice">
              <input {...getInputProps(fields.acknowledge, { type: 'checkbox', value: 'on' })} />
              <span>{t('checkout.disclosureAck')}</span>
            </label>
            <FieldErrors id={fields.acknowledge.errorId} errors={fields.acknowledge.errors} />
          </div>
        ) : null}
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {t('checkout.pay')}
        </button>
      </Form>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
