import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { chooseLanguage } from '~/modules/accounts/language.server.ts'
import { logIn, loginCookies, mainImageOf, userJson } from '~/modules/accounts/login.server.ts'
import { PASSWORD_MAX_LENGTH } from '~/modules/accounts/password-rules.ts'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { SESSION_COOKIE, loadMember, readSessionId, type Member } from '~/modules/auth/session.server.ts'
import { limitHeaders } from '~/modules/limits/answer.server.ts'
import { saveSubscription, SubscriptionSchema } from '~/modules/notifications/push.server.ts'

// SPEC §7: GET the current user, POST to log in (JSON), PUT to save the language, POST
// ?push=1 to store the browser's push subscription (decision 016).

const LoginBody = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
const LanguageBody = z.object({ language: z.string().min(2).max(10) })

function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const all = new Headers(headers)
  all.set('Cache-Control', 'no-store')
  return Response.json(body, { status, headers: all })
}

/** The JSON body, or a 4xx answer. JSON only: a cross-site form cannot send it without CORS. */
async function readJson(request: Request): Promise<{ body: unknown } | { error: Response }> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().includes('application/json')) {
    return { error: json({ error: 'unsupported_media_type' }, 415) }
  }
  try {
    return { body: await request.json() }
  } catch {
    return { error: json({ error: 'invalid_json' }, 400) }
  }
}

/** The SPEC §3 user with the site's fictional icon and the profile's main image. */
async function userFor(context: AppLoadContext, member: Member | null) {
  if (!member) return null
  const mainImage = member.profile ? await mainImageOf(context.reads, context.scope, member.profile.id) : null
  return userJson(member, { fictionalIcon: context.tenant.fictional.icon, mainImage })
}

export async function loader({ context }: LoaderFunctionArgs) {
  return json({ user: await userFor(context, context.member) })
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method === 'POST' && new URL(request.url).searchParams.get('push') === '1') return pushSubscription(request, context)
  if (request.method === 'POST') return login(request, context)
  if (request.method === 'PUT') return language(request, context)
  return json({ error: 'method_not_allowed' }, 405, { Allow: 'GET, POST, PUT' })
}

async function login(request: Request, context: AppLoadContext): Promise<Response> {
  const { db, scope, tenant, t } = context
  const read = await readJson(request)
  if ('error' in read) return read.error
  const parsed = LoginBody.safeParse(read.body)
  if (!parsed.success) return json({ error: 'invalid_request' }, 400)
  const cookieHeader = request.headers.get('cookie')
  const result = await logIn(
    { db, scope },
    { ...parsed.data, ip: context.clientIp, cookieHeader, userAgent: request.headers.get('user-agent'), previousSessionId: readSessionId(cookieHeader) },
  )
  if (!result.ok) {
    return result.reason === 'locked'
      ? json(
          { error: 'too_many_attempts', minutes: result.minutes, retry_after: result.retryAfter, message: t('login.locked', { ns: 'account', minutes: result.minutes }) },
          429,
          limitHeaders(result.retryAfter),
        )
      : result.reason === 'banned'
        ? json({ error: 'banned', message: t('login.banned', { ns: 'account' }) }, 403)
        : json({ error: 'login_failed', message: t('login.failed', { ns: 'account' }) }, 400)
  }
  const member = await loadMember(db, scope, `${SESSION_COOKIE}=${result.sessionId}`)
  const headers = new Headers()
  for (const cookie of await loginCookies(result, tenant.locales.offered, scope.tenantId)) headers.append('Set-Cookie', cookie)
  return json({ user: await userFor(context, member) }, 200, headers)
}

async function language(request: Request, context: AppLoadContext): Promise<Response> {
  const member = requireMember(context, request)
  const read = await readJson(request)
  if ('error' in read) return read.error
  const parsed = LanguageBody.safeParse(read.body)
  if (!parsed.success) return json({ error: 'invalid_request' }, 400)
  const { language } = parsed.data
  const cookie = await chooseLanguage({ ...context, member }, language)
  if (!cookie) return json({ error: 'invalid_language', offered: context.tenant.locales.offered }, 400)
  return json({ ok: true, language }, 200, { 'Set-Cookie': cookie })
}

const PushBody = z.union([z.object({ subscription: SubscriptionSchema }), SubscriptionSchema.transform((subscription) => ({ subscription }))])

async function pushSubscription(request: Request, context: AppLoadContext): Promise<Response> {
  const member = requireMember(context, request)
  const read = await readJson(request)
  if ('error' in read) return read.error
  const parsed = PushBody.safeParse(read.body)
  if (!parsed.success) return json({ error: 'invalid_subscription' }, 400)
  const saved = await saveSubscription(context.db, context.scope, member.userId, parsed.data.subscription, context.locale)
  if (saved === 'refused') return json({ error: 'invalid_subscription' }, 400)
  return json({ ok: true, push: 'subscribed' })
}
