import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { SwipeGameView, type SwipeAnswer } from '~/components/swipe/swipe-game.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { loadSwipeGame, swipeVote, SWIPE_VOTES } from '~/modules/likes/swipe.server.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import swipeCss from '~/styles/swipe.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['swipe'] }

// The swipe game (SPEC §1, §9; issue #5): one member at a time, like or skip, 4 likes per
// site-local day, enforced in swipe.server.ts. The buttons are a plain form posting here, so
// the game works without JavaScript; with it, votes go through a fetcher.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: swipeCss }]

const noStore = { 'Cache-Control': 'no-store' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, t } = context
  const game = await loadSwipeGame(db, scope, { profileId: member.profile?.id ?? null, site: tenant })
  return data({ game, title: t('title', { ns: 'swipe' }), siteName: tenant.name }, { headers: noStore })
}

const VoteSchema = z.object({
  intent: z.enum(SWIPE_VOTES),
  targetId: z.string().transform((v, ctx) => parseProfileId(v) ?? (ctx.addIssue({ code: 'custom', message: 'targetId' }), z.NEVER)),
})

const STATUS = { limit: 429, not_found: 404, not_confirmed: 403 } as const

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const form = await request.formData().catch(() => null)
  const parsed = VoteSchema.safeParse(form ? Object.fromEntries(form) : {})
  if (!parsed.success) return data<SwipeAnswer>({ ok: false, error: 'invalid_request' }, { status: 400 })
  const profileId = member.profile?.id
  if (!profileId) return data<SwipeAnswer>({ ok: false, error: 'not_confirmed' }, { status: 403 })
  const { db, scope, tenant } = context
  const outcome = await swipeVote(db, scope, { profileId, targetId: parsed.data.targetId, vote: parsed.data.intent, site: tenant })
  return data<SwipeAnswer>(outcome, { status: outcome.ok ? 200 : STATUS[outcome.error] })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { name: 'robots', content: 'noindex' },
  ...(data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : []),
]

export default function SwipeGamePage() {
  const { game, title } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <SwipeGameView game={game} title={title} answer={answer ?? null} />
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
