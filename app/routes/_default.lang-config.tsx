import { getFormProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { LANGUAGES_BY_COUNTRY, isCountryCode } from '~/modules/geo/countries.ts'
import { safeRedirect } from '~/modules/auth/guards.server.ts'
import { originOf } from '~/modules/http/safe-redirect.ts'
import { chooseLanguage } from '~/modules/accounts/language.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'

function schemaFor(offered: readonly string[]) {
  return z.object({
    locale: z.string({ error: 'langConfig.required' }).refine((v) => offered.includes(v), 'langConfig.unknown'),
    redirectTo: z.string().optional(),
  })
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, locale, t } = context
  // SPEC §9: the languages suggested for each of the site's countries, within what it offers.
  const byCountry = tenant.countries.map((country) => ({
    country,
    languages: (isCountryCode(country) ? LANGUAGES_BY_COUNTRY[country] : []).filter((l) => (tenant.locales.offered as string[]).includes(l)),
  }))
  return { offered: tenant.locales.offered, current: locale, byCountry, title: t('langConfig.title'), siteName: tenant.name }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: schemaFor(context.tenant.locales.offered) })
  if (submission.status !== 'success') {
    return Response.json(submission.reply(), { status: 400 })
  }
  const { locale, redirectTo } = submission.value
  // The schema admits only offered locales, so a cookie always comes back; a member's
  // account keeps the choice for their next login.
  const cookie = await chooseLanguage(context, locale)
  return redirect(safeRedirect(redirectTo, '/lang-config', originOf(request)), cookie ? { headers: { 'Set-Cookie': cookie } } : undefined)
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function LangConfig() {
  const { offered, current, byCountry, title } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t } = useTranslation()
  const [form, fields] = useForm({ lastResult, defaultValue: { locale: current } })
  return (
    <div className="container section narrow">
      <h1>{title}</h1>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <fieldset aria-describedby={fields.locale.errorId}>
          <legend>{t('langConfig.choose')}</legend>
          {offered.map((code) => (
            <label key={code} className="choice">
              <input type="radio" name={fields.locale.name} value={code} defaultChecked={code === current} />
              <span lang={code}>{t(`languages.${code}`)}</span>
            </label>
          ))}
          {fields.locale.errors ? (
            <p className="field-error" id={fields.locale.errorId}>
              {t(fields.locale.errors[0]!)}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('langConfig.save')}
        </button>
      </Form>
      <section className="section">
        <h2>{t('langConfig.byCountry')}</h2>
        <ul>
          {byCountry.map(({ country, languages }) => (
            <li key={country}>
              {t(`countries.${country}`)}: {languages.map((l) => t(`languages.${l}`)).join(', ')}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
