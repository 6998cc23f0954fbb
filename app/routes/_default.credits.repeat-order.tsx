import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert } from '~/components/form/fields.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { lastBundleId, removeSavedMethod, repeatOrder, savedMethods } from '~/modules/payments/recurring.server.ts'
import { bundlePrice } from '~/modules/payments/purchase.server.ts'
import { originOf } from '~/modules/http/safe-redirect.ts'
import { pricingCountry } from '~/modules/site/pricing-country.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { useFormatLocale } from '~/modules/site/use-root-data.ts'
import { formatMoney } from '~/modules/site/pricing.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// SPEC §2 /credits/repeat-order: the last bundle (or ?bundle=) again, charged on a saved
// card or account (a Mollie mandate) without leaving the site; saved ones can be removed.
const PaySchema = z.object({ intent: z.literal('pay'), bundle: z.string().max(60), mandate: z.string().max(80), key: z.uuid() })
const RemoveSchema = z.object({ intent: z.literal('remove'), mandate: z.string().max(80) })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant } = context
  const wanted = new URL(request.url).searchParams.get('bundle')
  const bundleId = wanted ?? (await lastBundleId(db, scope, member.userId))
  const country = await pricingCountry(context, request.headers)
  const bundle = bundleId ? bundlePrice(tenant, bundleId, country) : null
  let saved: Awaited<ReturnType<typeof savedMethods>> = []
  try {
    saved = await savedMethods(db, tenant, scope, member.userId)
  } catch (error) {
    console.error(`payments: ${tenant.slug}: saved methods could not be read`, error)
  }
  return { bundle, saved, key: randomUUID(), title: context.t('repeat.title', { ns: 'payments' }), siteName: tenant.name }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant } = context
  const form = Object.fromEntries(await request.formData())
  const remove = RemoveSchema.safeParse(form)
  if (remove.success) {
    await removeSavedMethod(db, tenant, scope, member.userId, remove.data.mandate)
    return redirect('/credits/repeat-order')
  }
  const pay = PaySchema.safeParse(form)
  if (!pay.success) return data({ error: 'payments:errors.method' }, { status: 400 })
  const result = await repeatOrder(db, tenant, scope, {
    userId: member.userId,
    bundleId: pay.data.bundle,
    mandateId: pay.data.mandate,
    country: await pricingCountry(context, request.headers),
    idempotencyKey: pay.data.key,
    origin: originOf(request),
  })
  if (result.ok) return redirect(`/credits/result/${result.paymentId}`)
  if (result.reason === 'unknown_bundle') throw new Response('Not found', { status: 404 })
  // A SEPA mandate follows the direct-debit rule (blocked after a bounce or chargeback, the 30-day limit).
  if (result.reason === 'blocked' || result.reason === 'limit') return data({ error: `payments:directDebit.${result.reason}` }, { status: 409 })
  return data({ error: result.reason === 'no_mandate' ? 'payments:errors.method' : 'payments:errors.provider' }, { status: result.reason === 'no_mandate' ? 400 : 503 })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function RepeatOrder() {
  const { bundle, saved, key, title } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('payments')
  const formatLocale = useFormatLocale()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'pay'
  return (
    <div className="container section narrow">
      <h1>{title}</h1>
      {result?.error ? <FormAlert>{t(result.error.replace('payments:', ''))}</FormAlert> : null}
      {bundle && saved.length > 0 ? (
        <Form method="post" className="card stack">
          <p>{t('repeat.intro', { credits: bundle.credits, price: formatMoney(bundle.amount, bundle.currency, formatLocale) })}</p>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="bundle" value={bundle.id} />
          <input type="hidden" name="key" value={key} />
          <fieldset className="field">
            <legend>{t('checkout.savedCards')}</legend>
            <div className="choices">
              {saved.map((m, i) => (
                <label key={m.id} className="choice">
                  <input type="radio" name="mandate" value={m.id} defaultChecked={i === 0} />
                  <span>{m.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="button button--primary button--large" disabled={busy}>
            {t('repeat.confirm')}
          </button>
        </Form>
      ) : (
        <p>{t('repeat.none')}</p>
      )}
      {saved.length > 0 ? (
        <>
          <h2>{t('checkout.savedCards')}</h2>
          <ul className="stack" data-testid="saved-methods">
            {saved.map((m) => (
              <li key={m.id}>
                <Form method="post">
                  {m.label}{' '}
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="mandate" value={m.id} />
                  <button type="submit" className="button button--light">
                    {t('checkout.removeCard')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to="/credits">{t('credits.title')}</Link>
      </p>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
