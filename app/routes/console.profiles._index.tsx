// /profiles on the console host: the fictional profiles of the operator's pools, and a new
// one (issue #21). Always fictional: members always see the label and the warning.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FictionalFields } from '~/components/console/fictional-fields.tsx'
import { ConsoleSelect } from '~/components/console/field.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { siteScope, withOperator } from '~/modules/operators/scope.server.ts'
import { createFictionalIn, readFictionalForm } from '~/modules/profiles/fictional.server.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Fictional profiles' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach } = await requireOperator(context, request, { area: 'profiles' })
  const rows = await withOperator(db, (tx) =>
    tx.profile.findMany({
      where: { fictional: true, status: { not: 'deleted' } },
      orderBy: [{ poolId: 'asc' }, { name: 'asc' }],
      take: 500,
      select: { id: true, name: true, poolId: true, country: true, city: true, status: true, liveCam: true, photos: { where: { isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 } },
    }),
  )
  return {
    profiles: rows.map(({ photos, ...p }) => ({ ...p, thumb: photos[0] ? `/media/${photos[0].thumbFilename}` : null })),
    sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name, pool: s.pool })),
  }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor } = await requireOperator(context, request, { area: 'profiles' })
  const form = await request.formData()
  const site = siteScope(reach, String(form.get('site') ?? ''))
  const parsed = readFictionalForm(form)
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]))
  if (!site || !parsed.success) {
    const errors = parsed.success ? { site: 'errors.generic' } : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message.startsWith('profiles.') ? i.message : 'errors.generic']))
    return data({ errors, values }, { status: 400 })
  }
  const id = await withOperator(db, (tx) => createFictionalIn(tx, actor, { slug: site.tenantId, pool: site.poolId }, parsed.data))
  throw redirect(`/profiles/${id}`)
}

export default function FictionalProfiles() {
  const { t } = useTranslation('console')
  const { profiles, sites } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="stack">
      <h1>{t('profiles.title')}</h1>
      <p className="lead">{t('profiles.intro')}</p>
      {profiles.length === 0 ? <p>{t('profiles.empty')}</p> : null}
      <table className="console-table" data-testid="fictional-profiles">
        <thead>
          <tr>
            <th scope="col">{t('operators.name')}</th>
            <th scope="col">{t('profiles.pool')}</th>
            <th scope="col">{t('profiles.country')}</th>
            <th scope="col">{t('profiles.state')}</th>
            <th scope="col">{t('profiles.liveCam')}</th>
          </tr>
        </thead>
        <tbody>
          {profiles.map((p) => (
            <tr key={p.id}>
              <td>
                {p.thumb ? <img src={p.thumb} alt="" width={40} height={40} /> : null} <Link to={`/profiles/${p.id}`}>{p.name}</Link>
              </td>
              <td>{p.poolId}</td>
              <td>
                {p.country}
                {p.city ? `, ${p.city}` : ''}
              </td>
              <td>{p.status === 'active' ? t('profiles.active') : t('profiles.paused')}</td>
              <td>{p.liveCam ? t('common.yes') : t('common.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className="console-card stack" aria-labelledby="new-title">
        <h2 id="new-title">{t('profiles.new')}</h2>
        <ConsoleSelect id="field-site" name="site" label={t('common.site')} defaultValue={actionData?.values.site} options={sites.map((s) => ({ value: s.slug, label: `${s.name} (${s.pool})` }))} />
        <FictionalFields values={actionData?.values ?? {}} errors={(actionData?.errors ?? {}) as Record<string, string>} />
        <button type="submit" className="button button--primary">
          {t('common.save')}
        </button>
      </Form>
    </div>
  )
}
