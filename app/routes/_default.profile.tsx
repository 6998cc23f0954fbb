import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useActionData, useLoaderData, useOutlet } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '~/components/form/fields.tsx'
import { ProfileForm } from '~/components/profile/profile-form.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { loadEditableProfile, profileEditRules, saveProfileEdit } from '~/modules/profiles/profile-edit.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import profileCss from '~/styles/profile.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['profile'] }

// My profile (SPEC §2): the member edits their own profile; which fields show is the
// site's visible_profile_fields / visible_profile_notes (SPEC §3).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileCss }]

async function ownProfile(context: LoaderFunctionArgs['context'], request: Request) {
  const member = requireMember(context, request)
  const profile = await loadEditableProfile(context.db, context.scope, member.userId)
  if (!profile) throw new Response(null, { status: 404 })
  return { member, profile, rules: profileEditRules(context.tenant, { email: member.email, country: profile.defaults.country }) }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { profile, rules } = await ownProfile(context, request)
  const { today: _today, ...clientRules } = rules
  return {
    profileId: profile.id,
    defaults: profile.defaults,
    rules: clientRules,
    saved: new URL(request.url).searchParams.get('saved') === '1',
    title: context.t('edit.title', { ns: 'profile' }),
    siteName: context.tenant.name,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member, rules } = await ownProfile(context, request)
  const outcome = await saveProfileEdit(context.db, context.scope, { userId: member.userId, rules, formData: await request.formData() })
  if (outcome.ok) return redirect('/profile?saved=1')
  if (outcome.status === 404) throw new Response(null, { status: 404 })
  return data(outcome.reply, { status: 400 })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, error, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : errorMeta({ error, matches }))

export default function MyProfile() {
  const { profileId, defaults, rules, saved, title } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { t } = useTranslation('profile')
  // A child route (e.g. /profile/photos, if it is nested here) replaces the form.
  const outlet = useOutlet()
  if (outlet) return outlet
  return (
    <div className="container section narrow profile-edit">
      <h1>{title}</h1>
      <p className="lead">{t('edit.intro')}</p>
      <div className="profile-edit__links">
        <Link to="/profile/photos" className="button button--ghost">
          {t('edit.managePhotos')}
        </Link>
        <Link to={`/members/${profileId}`} className="button button--ghost">
          {t('edit.viewProfile')}
        </Link>
      </div>
      {saved && !lastResult ? <FormAlert tone="success">{t('edit.saved')}</FormAlert> : null}
      {/* Remounted with the stored values after each save. */}
      <ProfileForm key={JSON.stringify(defaults)} defaults={defaults} rules={rules} lastResult={lastResult} />
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
