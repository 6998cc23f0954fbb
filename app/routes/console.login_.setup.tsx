// /login/setup: admins and finance must set up the authenticator app before their first
// console page; the login finishes when a code confirms it, and the recovery codes show once.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { RecoveryCodes, TotpSetup } from '~/components/console/totp-setup.tsx'
import { consoleContextOf } from '~/modules/console/context.server.ts'
import { safeRedirect } from '~/modules/http/safe-redirect.ts'
import { enrolmentView, finishEnrolment } from '~/modules/operators/enrol.server.ts'
import { upgradeSession } from '~/modules/operators/login.server.ts'
import { homePath } from '~/modules/operators/roles.ts'
import { consoleSessionCookie } from '~/modules/operators/session.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Console' }, { name: 'robots', content: 'noindex, nofollow' }]

// Once the codes are shown the session is full: reloading this page's data would leave it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { codes?: unknown } | undefined)?.codes ? false : defaultShouldRevalidate

function enrolSession(context: LoaderFunctionArgs['context']) {
  const ctx = consoleContextOf(context)
  if (ctx.session?.stage === 'full') throw redirect('/')
  if (ctx.session?.stage !== 'enrol') throw redirect('/login')
  return { ctx, session: ctx.session }
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { ctx, session } = enrolSession(context)
  return { enrolment: await enrolmentView(ctx.db, session) }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { ctx, session } = enrolSession(context)
  const form = await request.formData()
  const actor = { id: session.operator.id, email: session.operator.email, role: session.operator.role, ip: ctx.clientIp }
  const codes = await finishEnrolment(ctx.db, session, String(form.get('code') ?? '').slice(0, 20), actor)
  if (!codes) return data({ error: 'code.wrong' as string | null, codes: null, next: null }, { status: 400 })
  const cookie = await upgradeSession(ctx.db, session, ctx.clientIp, request.headers.get('user-agent'))
  const next = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), homePath(session.operator.role))
  return data({ error: null, codes, next }, { headers: { 'Set-Cookie': consoleSessionCookie(cookie.rawId, cookie.maxAge) } })
}

export default function ConsoleLoginSetup() {
  const { t } = useTranslation('console')
  const { enrolment } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <section className="console-auth console-card" aria-labelledby="setup-title">
      <h1 id="setup-title">{t('setup.title')}</h1>
      {actionData?.codes ? (
        <>
          <RecoveryCodes codes={actionData.codes} />
          <Link className="button button--primary" to={actionData.next ?? '/'} reloadDocument>
            {t('setup.continue')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('setup.required')}</p>
          <TotpSetup enrolment={enrolment} error={actionData?.error} />
        </>
      )}
    </section>
  )
}
