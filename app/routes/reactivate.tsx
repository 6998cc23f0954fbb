import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DefaultLayout } from '~/components/layout/layouts.tsx'
import { reactivateAccount } from '~/modules/accounts/deletion.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import settingsCss from '~/styles/settings.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['settings', 'profile'] }

// /reactivate?token=… : the link from the deletion mail (or from a signup attempt with the
// address of a deleted account). Works within 14 days of the deletion.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsCss }]

export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const result = await reactivateAccount(context.db, context.scope, token)
  const outcome = result.ok ? 'done' : result.reason === 'expired' ? 'expired' : 'invalid'
  const title = context.t(result.ok ? 'reactivate.doneTitle' : 'reactivate.failedTitle', { ns: 'settings' })
  return data({ outcome, title, siteName: context.tenant.name } as const, { status: result.ok ? 200 : 400 })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Reactivate() {
  const { outcome, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('settings')
  return (
    <DefaultLayout>
      <div className="container section narrow settings-result">
        <h1>{title}</h1>
        <div className="card stack">
          <p role={outcome === 'done' ? 'status' : 'alert'}>{t(`reactivate.${outcome}`)}</p>
          <p className="settings-result__actions">
            <Link to="/login" className="button button--primary">
              {t('reactivate.login')}
            </Link>
            {outcome === 'done' ? null : (
              <Link to="/" className="button button--ghost">
                {t('reactivate.home')}
              </Link>
            )}
          </p>
        </div>
      </div>
    </DefaultLayout>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
