import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { FormAlert } from '~/components/form/fields.tsx'
import { limitHeaders, limitText } from '~/modules/limits/answer.server.ts'
import { consumeAll } from '~/modules/limits/limiter.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { resendActivation } from '~/modules/accounts/activation.server.ts'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import signupCss from '~/styles/signup.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['signup'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: signupCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  // Nothing left to confirm.
  if (member.status === 'active') throw redirect('/members')
  return { email: member.email, title: context.t('complete.title', { ns: 'signup' }), siteName: context.tenant.name }
}

type ResendAnswer = { sent: true } | { sent: false; seconds: number; limited?: string }

/** 'Send again': a new activation link, at most once a minute per account. */
// A 429 page keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, theme, t } = context
  const allowed = await consumeAll([
    ['activation_resend_account', `${scope.tenantId}:${member.userId}`],
    ['activation_resend_ip', context.clientIp || 'unknown'],
  ])
  if (!allowed.ok) return data<ResendAnswer>({ sent: false, seconds: allowed.retryAfter, limited: limitText(t, allowed.retryAfter) }, { status: 429, headers: limitHeaders(allowed.retryAfter) })
  const result = await resendActivation({ db, scope, tenant, theme, t, link: (path) => siteLink(tenant, request, path) }, member.userId)
  if (result.ok) return data<ResendAnswer>({ sent: true })
  if (result.reason === 'notPending') throw redirect('/members')
  return data<ResendAnswer>({ sent: false, seconds: result.seconds }, { status: 429, headers: limitHeaders(result.seconds) })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function CompleteSignup() {
  const { email, title } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const { t } = useTranslation('signup')
  return (
    <div className="container section narrow complete-signup">
      <div className="card stack">
        <div className="complete-signup__icon" aria-hidden="true">
          ✉
        </div>
        <h1>{title}</h1>
        <p className="lead">
          <Trans t={t} i18nKey="complete.sentTo" values={{ email }} components={{ strong: <strong /> }} />
        </p>
        <p>{t('complete.instructions')}</p>
        {answer ? (
          answer.sent ? (
            <FormAlert tone="success">{t('complete.resent', { email })}</FormAlert>
          ) : (
            <FormAlert>{answer.limited ?? t('complete.tooSoon', { count: answer.seconds })}</FormAlert>
          )
        ) : null}
        <p className="muted">{t('complete.spam')}</p>
        <Form method="post" action="/complete-signup" className="complete-signup__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('complete.resend')}
          </button>
          <Link to="/signup-matches" className="button button--ghost">
            {t('complete.continue')}
          </Link>
        </Form>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
