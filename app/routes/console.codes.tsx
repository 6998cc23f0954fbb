// /codes on the console host (issue #23, finance and admin): discount codes of the
// operator's sites with their use counts; create one (SPEC §3's fields, one-time or once per
// member) and expire one. Both audited.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleField, ConsoleSelect, Notice } from '~/components/console/field.tsx'
import { createCodeIn, expireCodeIn, listCodes, readCodeForm } from '~/modules/care/codes.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { METHODS } from '~/modules/payments/methods.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { dateTimeFormat, numberFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Discount codes' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, locale } = await requireOperator(context, request, { area: 'codes' })
  const site = new URL(request.url).searchParams.get('site') ?? undefined
  const codes = await withOperator(db, (tx) => listCodes(tx, reach, site))
  const day = dateTimeFormat(locale, { dateStyle: 'medium' })
  const now = Date.now()
  return {
    sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name, methods: s.payments.methods.map((m) => ({ id: m, label: METHODS[m].label })) })),
    site: site ?? '',
    codes: codes.map((c) => ({
      id: c.id, site: c.tenantId, code: c.code, percentage: c.percentage, country: c.country, currency: c.currency,
      minimum: c.minimumOrderValue === null ? null : numberFormat(locale, { minimumFractionDigits: 2 }).format(c.minimumOrderValue / 100),
      expires: c.expiresAt ? day.format(c.expiresAt) : null, methods: c.paymentMethods, member: c.userId !== null, oneTime: c.oneTime, uses: c.uses,
      active: c.status === 'active' && (!c.expiresAt || c.expiresAt.getTime() > now),
    })),
  }
}

type Values = Record<string, string | string[]>

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor } = await requireOperator(context, request, { area: 'codes' })
  const form = await request.formData()
  if (form.get('intent') === 'expire') {
    const id = Number(form.get('id'))
    const done = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await withOperator(db, (tx) => expireCodeIn(tx, actor, reach, id)) : false
    return data({ notice: done ? 'codes.expired' : 'codes.notFound', ok: done, errors: {} as Record<string, string>, values: null as Values | null }, { status: done ? 200 : 404 })
  }
  const values: Values = Object.fromEntries(['site', 'code', 'percentage', 'country', 'currency', 'minimum', 'expires', 'member', 'use'].map((k) => [k, String(form.get(k) ?? '')]))
  values.methods = form.getAll('methods').map(String)
  const parsed = readCodeForm(form)
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message.startsWith('codes.') ? issue.message : 'errors.generic'
    return data({ notice: null, ok: false, errors, values }, { status: 400 })
  }
  const result = await withOperator(db, (tx) => createCodeIn(tx, actor, reach, parsed.data))
  if (!result.ok) return data({ notice: null, ok: false, errors: result.errors, values }, { status: 400 })
  return data({ notice: 'codes.created', ok: true, errors: {} as Record<string, string>, values: null as Values | null })
}

export default function Codes() {
  const { t } = useTranslation('console')
  const { sites, codes, site } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errors = result?.errors ?? {}
  const values = result?.values ?? null
  const v = (k: string) => (values && typeof values[k] === 'string' ? (values[k] as string) : null)
  const chosenMethods = values && Array.isArray(values.methods) ? values.methods : []
  const allMethods = [...new Map(sites.flatMap((s) => s.methods).map((m) => [m.id, m])).values()]
  return (
    <div className="stack">
      <h1>{t('codes.title')}</h1>
      {result?.notice ? <Notice tone={result.ok ? 'success' : 'danger'}>{t(result.notice)}</Notice> : null}
      <Form method="get" className="console-filters">
        <ConsoleSelect id="codes-site" name="site" label={t('codes.site')} defaultValue={site} all={t('codes.allSites')} options={sites.map((s) => ({ value: s.slug, label: s.name }))} />
        <button type="submit" className="button button--light">
          {t('codes.filter')}
        </button>
      </Form>
      <table className="console-table" data-testid="codes">
        <thead>
          <tr>
            <th scope="col">{t('codes.code')}</th>
            <th scope="col">{t('codes.site')}</th>
            <th scope="col">{t('codes.percentage')}</th>
            <th scope="col">{t('codes.conditions')}</th>
            <th scope="col">{t('codes.uses')}</th>
            <th scope="col">{t('codes.state')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((c) => (
            <tr key={c.id} data-code={c.code}>
              <td>
                <code>{c.code}</code>
              </td>
              <td>{c.site}</td>
              <td>{c.percentage}%</td>
              <td>
                {[
                  c.oneTime ? t('codes.useOnce') : t('codes.usePerMember'),
                  c.member ? t('codes.personal') : null,
                  c.country,
                  c.currency,
                  c.minimum ? `≥ ${c.minimum}` : null,
                  c.expires ? t('codes.until', { date: c.expires }) : null,
                  c.methods.length > 0 ? c.methods.join(', ') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </td>
              <td data-testid="uses">{c.uses}</td>
              <td>
                {c.active ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="expire" />
                    <input type="hidden" name="id" value={c.id} />
                    {t('codes.active')}{' '}
                    <button type="submit" className="button button--light">
                      {t('codes.expire')}
                    </button>
                  </Form>
                ) : (
                  t('codes.inactive')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {codes.length === 0 ? <p>{t('codes.none')}</p> : null}

      <Form method="post" className="console-card stack" aria-labelledby="new-code">
        <h2 id="new-code">{t('codes.new')}</h2>
        <ConsoleSelect id="field-site" name="site" label={t('codes.site')} defaultValue={v('site') ?? sites[0]?.slug ?? ''} error={errors.site} options={sites.map((s) => ({ value: s.slug, label: s.name }))} />
        <ConsoleField name="code" label={t('codes.code')} hint={t('codes.codeHint')} defaultValue={v('code')} error={errors.code} maxLength={40} />
        <ConsoleField name="percentage" label={t('codes.percentage')} type="number" min={1} max={100} defaultValue={v('percentage')} error={errors.percentage} />
        <fieldset className="field">
          <legend>{t('codes.use')}</legend>
          <label>
            <input type="radio" name="use" value="member" defaultChecked={v('use') !== 'once'} /> {t('codes.usePerMember')}
          </label>
          <label>
            <input type="radio" name="use" value="once" defaultChecked={v('use') === 'once'} /> {t('codes.useOnce')}
          </label>
          {errors.use ? <p className="field-error" role="alert">{t(errors.use)}</p> : null}
        </fieldset>
        <ConsoleField name="member" type="email" label={t('codes.member')} hint={t('codes.memberHint')} defaultValue={v('member')} error={errors.member} />
        <ConsoleField name="country" label={t('codes.country')} hint={t('codes.countryHint')} defaultValue={v('country')} error={errors.country} maxLength={2} />
        <ConsoleField name="currency" label={t('codes.currency')} hint={t('codes.currencyHint')} defaultValue={v('currency')} error={errors.currency} maxLength={3} />
        <ConsoleField name="minimum" label={t('codes.minimum')} hint={t('codes.minimumHint')} defaultValue={v('minimum')} error={errors.minimum} maxLength={10} />
        <ConsoleField name="expires" type="date" label={t('codes.expires')} defaultValue={v('expires')} error={errors.expires} />
        <fieldset className="field">
          <legend>{t('codes.methods')}</legend>
          <p className="field-hint">{t('codes.methodsHint')}</p>
          {allMethods.map((m) => (
            <label key={m.id}>
              <input type="checkbox" name="methods" value={m.id} defaultChecked={chosenMethods.includes(m.id)} /> {m.label}
            </label>
          ))}
          {errors.methods ? <p className="field-error" role="alert">{t(errors.methods)}</p> : null}
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('codes.create')}
        </button>
      </Form>
    </div>
  )
}
