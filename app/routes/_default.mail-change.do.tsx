import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { confirmEmailChange } from '~/modules/accounts/email-change.server.ts'
import { sendEmailChangedNotice } from '~/modules/accounts/security-notice.server.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import settingsCss from '~/styles/settings.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['settings'] }

// /mail-change/do?token=… : the link mailed to the new address. No login needed (it may be
// opened on another device); the token names the account, on this site only.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsCss }]

// The token is in the address: never pass it on in a Referer header.
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const { db, scope, tenant, theme, t } = context
  const result = await confirmEmailChange(db, scope, token)
  if (result.ok) {
    await sendEmailChangedNotice(
      { db, scope, tenant, theme, t },
      { previousEmail: result.previousEmail, name: result.name, newEmail: result.email, helpLink: siteLink(tenant, request, '/pages/service') },
    )
  }
  const outcome = result.ok ? 'done' : result.reason === 'taken' ? 'taken' : 'invalid'
  const title = context.t(result.ok ? 'mailChange.doneTitle' : 'mailChange.failedTitle', { ns: 'settings' })
  return data(
    { outcome, email: result.ok ? result.email : null, loggedIn: context.member !== null, title, siteName: context.tenant.name } as const,
    { status: result.ok ? 200 : 400 },
  )
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function MailChangeDo() {
  const { outcome, email, loggedIn, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('settings')
  return (
    <div className="container section narrow settings-result">
      <h1>{title}</h1>
      <div className="card stack">
        <p role={outcome === 'done' ? 'status' : 'alert'}>{outcome === 'done' ? t('mailChange.done', { email }) : t(`mailChange.${outcome}`)}</p>
        <p>
          <Link to={loggedIn || outcome !== 'done' ? '/settings' : '/login'} className="button button--primary">
            {loggedIn || outcome !== 'done' ? t('mailChange.toSettings') : t('reactivate.login')}
          </Link>
        </p>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
