import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { requireMember } from '~/modules/auth/guards.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { CHANNELS, NOTIFICATION_KINDS } from '~/modules/notifications/kinds.ts'
import { readPreferences, savePreferences } from '~/modules/notifications/preferences.server.ts'
import { enablePush, startPush, usePush } from '~/modules/notifications/push-client.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'
import settingsCss from '~/styles/settings.css?url'

export const handle: I18nHandle = { i18n: ['settings'] }

// SPEC §2 /notifications, §3 notification preferences: each kind by e-mail and by push; the
// reasons e-mail is off (bounce, spam complaint, unsubscribed in the mail client) are shown;
// saving with an e-mail kind on switches e-mail back on. The device's push state and the way
// to turn push on are here too.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, t } = context
  const preferences = await readPreferences(db, scope, member.userId)
  return {
    preferences: preferences ?? { email: [], push: [], disabled: [] },
    title: t('notifications.title', { ns: 'settings' }),
    siteName: tenant.name,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const form = await request.formData()
  const pick = (channel: string) => form.getAll(channel).filter((v): v is string => typeof v === 'string')
  await savePreferences(context.db, context.scope, member.userId, { email: pick('email'), push: pick('push') })
  return data({ saved: true })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Notifications() {
  const { preferences, title, siteName } = useLoaderData<typeof loader>()
  const saved = useActionData<typeof action>()?.saved === true
  const navigation = useNavigation()
  const { t } = useTranslation('settings')
  const { settings } = useRootData()
  const push = usePush()
  useEffect(() => {
    void startPush()
  }, [])
  const pushText = !push.capable ? 'unsupported' : push.state
  return (
    <div className="container section narrow settings">
      <h1>{title}</h1>
      <p>{t('notifications.intro', { siteName })}</p>
      {preferences.disabled.length > 0 ? (
        <p className="alert alert--danger" role="status" data-disabled-reasons={preferences.disabled.join(' ')}>
          {t('notifications.disabled', { reason: preferences.disabled.map((r) => t(`alerts.disabled.reasons.${r}`, { ns: 'common' })).join(' ') })}
        </p>
      ) : null}
      {saved && navigation.state === 'idle' ? (
        <p className="alert alert--success" role="status">
          {t('notifications.saved')}
        </p>
      ) : null}
      <section className="settings__section">
        <p data-push-state={push.state}>{t(`notifications.pushState.${pushText}`)}</p>
        {push.capable && push.state === 'unknown' && settings.push_public_key ? (
          <button type="button" className="button button--light" onClick={() => void enablePush(settings.push_public_key)}>
            {t('notifications.enablePush')}
          </button>
        ) : null}
      </section>
      <Form method="post" className="settings__section">
        <table className="notifications-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{title}</span>
              </th>
              {CHANNELS.map((channel) => (
                <th scope="col" key={channel}>
                  {t(`notifications.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{t(`notifications.kinds.${kind}`)}</th>
                {CHANNELS.map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      name={channel}
                      value={kind}
                      defaultChecked={(preferences[channel] as readonly string[]).includes(kind)}
                      aria-label={`${t(`notifications.kinds.${kind}`)}: ${t(`notifications.${channel}`)}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" className="button" disabled={navigation.state !== 'idle'}>
          {t('notifications.save')}
        </button>
      </Form>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
