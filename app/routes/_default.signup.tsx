import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react'
import { pendingStepOf } from '~/components/signup/step-form.tsx'
import { SignupWizard } from '~/components/signup/signup-wizard.tsx'
import { MEMBER_STEPS, parseStep, trackingSearch, type SignupActionData, type SignupView } from '~/modules/accounts/signup-schema.ts'
import { canContinueSignup, submitSignupStep } from '~/modules/accounts/signup.server.ts'
import { resolveTracking, signupAllowed } from '~/modules/accounts/tracking.server.ts'
import { landerAttribution } from '~/modules/landers/cookie.server.ts'
import { requireAnonymous } from '~/modules/auth/guards.server.ts'
import { sessionCookie } from '~/modules/auth/session.server.ts'
import { visitorDevice } from '~/modules/auth/visitor-device.server.ts'
import { limitHeaders } from '~/modules/limits/answer.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { photoUrls } from '~/modules/media/urls.ts'
import { listOwnPhotos } from '~/modules/photos/photos.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import signupCss from '~/styles/signup.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['signup', 'profile', 'photos'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: signupCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = context
  const url = new URL(request.url)
  // A member only comes here to finish steps 3-4 right after creating the account.
  const continuing = parseStep(url.searchParams.get('step'))
  if (!(member && continuing !== null && MEMBER_STEPS.includes(continuing) && canContinueSignup(member))) requireAnonymous(context)
  const { tracking, setCookie } = await resolveTracking(request)
  const view: SignupView = {
    allowed: member ? true : signupAllowed(tenant.signups, tracking),
    initialStep: member && continuing !== null ? continuing : 0,
    countries: tenant.countries,
    minimumAge: tenant.minimumAge,
    siteName: tenant.name,
    action: `/signup${trackingSearch(url.search)}`,
  }
  // Step 3 shows what was uploaded, also when the upload came back without JavaScript.
  if (member?.profile && continuing === 3) {
    const own = await listOwnPhotos(context.db, context.scope, member.profile.id)
    view.photos = own.photos.filter((p) => p.status !== 'rejected').map((p) => ({ id: p.id, thumbUrl: photoUrls(tenant.cdnPrefix, p, { own: true }).thumbUrl }))
  }
  // The signup form marks this browser (decision 055: the per-device signup limit).
  const headers = new Headers()
  for (const cookie of [setCookie, member ? null : visitorDevice(request).setCookie]) if (cookie) headers.append('Set-Cookie', cookie)
  return data({ view, title: context.t('title', { ns: 'signup' }) }, { headers })
}

// A 429 page keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, scope, tenant, theme, t, locale, member } = context
  const { tracking, setCookie } = await resolveTracking(request)
  const device = visitorDevice(request)
  const outcome = await submitSignupStep(
    { db, scope, tenant, theme, t, link: (path) => siteLink(tenant, request, path) },
    { formData: await request.formData(), member, tracking, lander: await landerAttribution(request), locale, userAgent: request.headers.get('user-agent'), ip: context.clientIp, device: device.id },
  )
  const headers = new Headers()
  if (setCookie) headers.append('Set-Cookie', setCookie)
  if (device.setCookie) headers.append('Set-Cookie', device.setCookie)
  // Logged in from step 2 on, so steps 3-4 and /complete-signup know the member.
  if (outcome.sessionId) headers.append('Set-Cookie', sessionCookie(outcome.sessionId))
  if (outcome.kind === 'redirect') throw redirect(outcome.to, { headers })
  if (outcome.retryAfter) for (const [name, value] of Object.entries(limitHeaders(outcome.retryAfter))) headers.set(name, value)
  return data(outcome.data, { status: outcome.status, headers })
}

// The wizard's own posts answer with the next step: re-running the loader adds nothing then.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formAction?.startsWith('/signup') && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === 'root')?.data as { settings?: { name: string } } | undefined
  return [{ title: pageTitle(root?.settings?.name ?? '', data?.title, attentionOf(matches)) }]
}

export default function Signup() {
  const { view } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as SignupActionData | undefined
  const navigation = useNavigation()
  const pendingStep = navigation.state === 'submitting' ? pendingStepOf(navigation.formData) : null
  return (
    <div className="container section narrow signup-page">
      <SignupWizard view={view} actionData={actionData} FormComponent={Form} pendingStep={pendingStep} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
