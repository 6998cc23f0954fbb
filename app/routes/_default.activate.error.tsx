import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import signupCss from '~/styles/signup.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['signup'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: signupCss }]

const REASONS = ['invalid', 'expired', 'used'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('reason')
  return {
    reason: REASONS.find((r) => r === asked) ?? 'invalid',
    supportEmail: context.tenant.supportEmail,
    /** not_confirmed: may ask for a new mail; active: nothing left to do; null: logged out. */
    memberStatus: context.member?.status ?? null,
    title: context.t('activate.errorTitle', { ns: 'signup' }),
    siteName: context.tenant.name,
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function ActivateError() {
  const { reason, supportEmail, memberStatus, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('signup')
  return (
    <div className="container section narrow activate-result">
      <div className="card stack">
        <div className="activate-result__icon activate-result__icon--error" aria-hidden="true">
          !
        </div>
        <h1>{title}</h1>
        <p className="lead">{t(`activate.reason.${reason}`)}</p>
        {memberStatus === 'not_confirmed' ? (
          // Answered by /complete-signup, which confirms the new mail (or asks to wait a minute).
          <Form method="post" action="/complete-signup">
            <button type="submit" className="button button--primary">
              {t('activate.resend')}
            </button>
          </Form>
        ) : null}
        {memberStatus === 'active' ? (
          <p>
            {t('activate.alreadyActive')}{' '}
            <Link to="/members" className="button button--primary">
              {t('activate.toMembers')}
            </Link>
          </p>
        ) : null}
        {memberStatus === null ? (
          <p>
            <Link to="/login">{t('activate.login')}</Link> {t('activate.loginHint')}
          </p>
        ) : null}
        <p className="muted">
          <Trans t={t} i18nKey="activate.support" values={{ supportEmail }} components={{ mail: <a href={`mailto:${supportEmail}`} /> }} />
        </p>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
