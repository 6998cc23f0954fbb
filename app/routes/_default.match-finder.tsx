import { getFormProps, useForm } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { RadioGroup } from '~/components/form/fields.tsx'
import { matchFinderTarget } from '~/modules/search/match-finder.server.ts'
import { APPEARANCES, MATCH_FINDER_AGES, MATCH_FINDER_RACES, MatchFinderSchema } from '~/modules/search/search-params.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import searchCss from '~/styles/search.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['search'] }

// SPEC §2 match finder: three questions that end in a member search. The race answer is
// optional and never leaves this action (see match-finder.server.ts).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: searchCss }]

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: context.t('matchFinder.title', { ns: 'search' }), siteName: context.tenant.name }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: MatchFinderSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  return redirect(matchFinderTarget(submission.value, context.tenant.minimumAge))
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function MatchFinder() {
  const { title } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t } = useTranslation('search')
  const [form, fields] = useForm({
    id: 'match-finder',
    lastResult,
    constraint: getZodConstraint(MatchFinderSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MatchFinderSchema }),
  })
  return (
    <div className="container section narrow match-finder">
      <h1>{title}</h1>
      <p className="lead">{t('matchFinder.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <RadioGroup
          meta={fields.age}
          legend={t('matchFinder.age')}
          options={MATCH_FINDER_AGES.map((value) => ({ value, label: t(`matchFinder.ages.${value}`) }))}
        />
        <RadioGroup
          meta={fields.appearance}
          legend={t('matchFinder.appearance')}
          options={APPEARANCES.map((value) => ({ value, label: t(`appearance.${value}`) }))}
        />
        <RadioGroup
          meta={fields.race}
          legend={t('matchFinder.race')}
          options={MATCH_FINDER_RACES.map((value) => ({ value, label: t(`matchFinder.races.${value}`) }))}
        />
        <p className="field-hint match-finder__note">{t('matchFinder.raceNote')}</p>
        <button type="submit" className="button button--primary">
          {t('matchFinder.submit')}
        </button>
      </Form>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
