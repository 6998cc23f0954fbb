import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { pendingStepOf } from '~/components/signup/step-form.tsx'
import { SignupWizard } from '~/components/signup/signup-wizard.tsx'
import { trackingSearch, type SignupActionData, type SignupView } from '~/modules/accounts/signup-schema.ts'
import { submitSignupStep } from '~/modules/accounts/signup.server.ts'
import { resolveTracking, signupAllowed } from '~/modules/accounts/tracking.server.ts'
import { landerAttribution } from '~/modules/landers/cookie.server.ts'
import { sessionCookie } from '~/modules/auth/session.server.ts'
import { visitorDevice } from '~/modules/auth/visitor-device.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { limitHeaders } from '~/modules/limits/answer.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import signupCss from '~/styles/signup.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

// /members/{id}/signup (SPEC §1, §2): signing up with a first message to that member. The
// same steps as /signup (the wizard and submitSignupStep); step 0 also asks for the message
// (signup_message), which is sent once the account exists, paid from the hidden signup
// credits and delivered when the e-mail is confirmed. Only a member a visitor may see
// (active, visible, of this site's pool) has this page; a logged-in member goes to the chat.
export const handle: I18nHandle = { i18n: ['signup', 'profile', 'photos'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: signupCss }]

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

async function findTarget(context: LoaderFunctionArgs['context'], raw: string | undefined) {
  const id = parseProfileId(raw)
  if (id === null) throw notFound()
  const { reads, scope, tenant } = context
  const target = await readScoped(reads, scope, (tx) =>
    tx.profile.findFirst({
      where: { poolId: scope.poolId, id, status: 'active', invisible: false },
      select: { id: true, name: true, photos: { where: { poolId: scope.poolId, isMain: true, status: 'active', isPrivate: false }, select: { thumbFilename: true }, take: 1 } },
    }),
  )
  if (!target) throw notFound()
  const thumb = target.photos[0]?.thumbFilename
  return { id: target.id, name: target.name, thumb: thumb ? `${tenant.cdnPrefix}${thumb}` : null }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const target = await findTarget(context, params.id)
  if (context.member) throw redirect(`/members/${target.id}/chat`)
  const { tenant } = context
  const url = new URL(request.url)
  const { tracking, setCookie } = await resolveTracking(request)
  const view: SignupView = {
    allowed: signupAllowed(tenant.signups, tracking),
    initialStep: 0,
    countries: tenant.countries,
    minimumAge: tenant.minimumAge,
    siteName: tenant.name,
    action: `/members/${target.id}/signup${trackingSearch(url.search)}`,
    message: { name: target.name, maxLength: tenant.messageLength },
  }
  const title = context.t('message.title', { ns: 'signup', name: target.name })
  // The signup form marks this browser (decision 055: the per-device signup limit).
  const headers = new Headers()
  for (const cookie of [setCookie, visitorDevice(request).setCookie]) if (cookie) headers.append('Set-Cookie', cookie)
  return data({ view, target, title }, { headers })
}

export const headers = limitPageHeaders

export async function action({ request, context, params }: ActionFunctionArgs) {
  const target = await findTarget(context, params.id)
  const { db, scope, tenant, theme, t, locale, member } = context
  const { tracking, setCookie } = await resolveTracking(request)
  const device = visitorDevice(request)
  const outcome = await submitSignupStep(
    { db, scope, tenant, theme, t, link: (path) => siteLink(tenant, request, path) },
    {
      formData: await request.formData(),
      member,
      tracking,
      lander: await landerAttribution(request),
      locale,
      userAgent: request.headers.get('user-agent'),
      ip: context.clientIp,
      device: device.id,
      message: { recipientId: target.id, maxLength: tenant.messageLength },
    },
  )
  const headers = new Headers()
  if (setCookie) headers.append('Set-Cookie', setCookie)
  if (device.setCookie) headers.append('Set-Cookie', device.setCookie)
  if (outcome.sessionId) headers.append('Set-Cookie', sessionCookie(outcome.sessionId))
  if (outcome.kind === 'redirect') throw redirect(outcome.to, { headers })
  if (outcome.retryAfter) for (const [name, value] of Object.entries(limitHeaders(outcome.retryAfter))) headers.set(name, value)
  return data(outcome.data, { status: outcome.status, headers })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!data) return errorMeta({ error, matches })
  const root = matches.find((m) => m.id === 'root')?.data as { settings?: { name: string } } | undefined
  return [{ name: 'robots', content: 'noindex' }, { title: pageTitle(root?.settings?.name ?? '', data.title, attentionOf(matches)) }]
}

export default function MemberSignup() {
  const { view, target, title } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as SignupActionData | undefined
  const navigation = useNavigation()
  const pendingStep = navigation.state === 'submitting' ? pendingStepOf(navigation.formData) : null
  return (
    <div className="container section narrow signup-page">
      <div className="signup-target">
        {target.thumb ? <img src={target.thumb} alt="" width={56} height={56} className="avatar" /> : <span className="avatar avatar--empty" aria-hidden="true" />}
        <p className="signup-target__title">{title}</p>
      </div>
      <SignupWizard view={view} actionData={actionData} FormComponent={Form} pendingStep={pendingStep} />
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
