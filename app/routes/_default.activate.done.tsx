import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import signupCss from '~/styles/signup.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['signup'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: signupCss }]

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: context.t('activate.doneTitle', { ns: 'signup' }), siteName: context.tenant.name, loggedIn: Boolean(context.member) }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function ActivateDone() {
  const { title, loggedIn } = useLoaderData<typeof loader>()
  const { t } = useTranslation('signup')
  return (
    <div className="container section narrow activate-result">
      <div className="card stack">
        <div className="activate-result__icon activate-result__icon--done" aria-hidden="true">
          ✓
        </div>
        <h1>{title}</h1>
        <p className="lead">{t('activate.doneText')}</p>
        <p>
          <Link to={loggedIn ? '/members' : '/login?redirectTo=%2Fmembers'} className="button button--primary">
            {t('activate.toMembers')}
          </Link>
        </p>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
