// /invite/{token} on the console host: an invited operator chooses a password (12+
// characters), then signs in as usual (second factor next where the role needs it).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleField } from '~/components/console/field.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { acceptInvite, findInvite, OperatorPasswordSchema } from '~/modules/operators/accounts.server.ts'
import { requireSignedOut } from '~/modules/operators/guard.server.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Console' }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }]

export async function loader({ context, params }: LoaderFunctionArgs) {
  const ctx = requireSignedOut(context)
  const invite = await findInvite(ctx.db, params.token ?? '')
  return { invite: invite ? { name: invite.name, email: invite.email } : null }
}

export async function action({ context, params, request }: ActionFunctionArgs) {
  const ctx = requireSignedOut(context)
  const form = await request.formData()
  const password = String(form.get('password') ?? '')
  const parsed = OperatorPasswordSchema.safeParse(password)
  if (!parsed.success) return data({ errors: { password: parsed.error.issues[0]!.message.replace('console:', '') } as Record<string, string> }, { status: 400 })
  if (password !== String(form.get('confirm') ?? '')) return data({ errors: { confirm: 'account.mismatch' } as Record<string, string> }, { status: 400 })
  const done = await acceptInvite(ctx.db, params.token ?? '', password, ctx.clientIp)
  if (!done) return data({ errors: { password: 'invite.invalid' } as Record<string, string> }, { status: 410 })
  throw redirect('/login')
}

export default function Invite() {
  const { t } = useTranslation('console')
  const { invite } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <section className="console-auth console-card" aria-labelledby="invite-title">
      <h1 id="invite-title">{t('invite.title')}</h1>
      {!invite ? (
        <p className="alert alert--danger">{t('invite.invalid')}</p>
      ) : (
        <Form method="post">
          <p>{t('invite.intro', { name: invite.name, email: invite.email })}</p>
          <ConsoleField name="password" type="password" label={t('account.newPassword')} autoComplete="new-password" error={actionData?.errors.password} required />
          <ConsoleField name="confirm" type="password" label={t('account.confirm')} autoComplete="new-password" error={actionData?.errors.confirm} required />
          <button type="submit" className="button button--primary">
            {t('invite.submit')}
          </button>
        </Form>
      )}
    </section>
  )
}
