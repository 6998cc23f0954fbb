// One lander page (SPEC §2 landers and member landings): which lander and variant, the
// pool's members, the copy in the visitor's language with the site's name, rendered to
// HTML on the server. The traffic source is remembered (tracking cookie) and travels in
// every call to action; the variant is kept in the lander cookie (variants.ts).
import { findRegion } from '../geo/regions.ts'
import { data } from '@remix-run/node'
import type { AppLoadContext } from '@remix-run/node'
import { isbot } from 'isbot'
import { copyFor, getLander, renderLander, type Lander } from '../../../landers/registry.server.tsx'
import type { LanderMember } from '../../../landers/define.ts'
import { trackingSearch } from '../accounts/tracking-params.ts'
import { resolveTracking, signupAllowed } from '../accounts/tracking.server.ts'
import { readScoped, type Reader, type Scope } from '../db/scoped.server.ts'
import { countryName } from '../geo/countries.ts'
import { sharedRecentMembers, toProfileCard, type ProfileCard } from '../profiles/showcase.server.ts'
import { localized } from '../site/public-settings.server.ts'
import { chooseVariant, type Assignments } from './variants.ts'
import { landerCookie, readAssignments } from './cookie.server.ts'
import { countLanderEvent, sourceOf } from './stats.server.ts'

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

/** A visible member of the site's pool with an approved main photo, or null. */
async function featuredMember(reader: Reader, scope: Scope, cdnPrefix: string, id: number): Promise<ProfileCard | null> {
  const row = await readScoped(reader, scope, (tx) =>
    tx.profile.findFirst({
      where: { poolId: scope.poolId, id, status: 'active', invisible: false },
      select: {
        id: true, name: true, birthDate: true, country: true, region: true, city: true, fictional: true,
        photos: { where: { poolId: scope.poolId, isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 },
      },
    }),
  )
  return row ? toProfileCard({ ...row, thumbFilename: row.photos[0]?.thumbFilename ?? null }, cdnPrefix, new Date()) : null
}

function asLanderMember(card: ProfileCard, locale: string): LanderMember {
  return { id: card.id, name: card.name, age: card.age, place: card.city ?? (card.region ? (findRegion(card.country, card.region)?.name ?? card.region) : null) ?? countryName(card.country, locale), thumb: card.thumb, fictional: card.fictional }
}

export function landerEnabled(lander: Lander, tenant: AppLoadContext['tenant']): boolean {
  return lander.definition.member === true || tenant.landers.includes(lander.name)
}

export type LanderPageInput = { request: Request; context: AppLoadContext; name: string; slug?: string; memberId?: string; random?: number }

export async function landerPage({ request, context, name, slug, memberId, random }: LanderPageInput) {
  const { tenant, locale, reads, scope, db } = context
  const lander = getLander(name)
  if (!lander || !landerEnabled(lander, tenant)) throw notFound()
  if ((lander.definition.member === true) !== (memberId !== undefined)) throw notFound()

  let featured: ProfileCard | null = null
  if (memberId !== undefined) {
    const id = /^[1-9][0-9]{0,9}$/.test(memberId) ? Number(memberId) : NaN
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound()
    featured = await featuredMember(reads, scope, tenant.cdnPrefix, id)
    if (!featured) throw notFound()
  }

  const cookieHeader = request.headers.get('cookie')
  const assignments = await readAssignments(cookieHeader)
  const choice = chooseVariant(lander.definition.variants, lander.name, slug, assignments, random)
  if (!choice) throw notFound()
  const variant = choice.variant.id

  const { tracking, setCookie: trackingCookie } = await resolveTracking(request)
  const members = (await sharedRecentMembers(reads, scope, tenant.cdnPrefix, 12)).map((m) => asLanderMember(m, locale))
  const member = featured ? asLanderMember(featured, locale) : null
  const url = new URL(request.url)
  // An invite-only site (SPEC §6) without a traffic source does not invite: the buttons log in.
  const signupHref = signupAllowed(tenant.signups, tracking) ? `/signup${trackingSearch(url.search)}` : '/login'
  const copy = copyFor(lander, locale, variant, { site: tenant.name, name: member?.name ?? '' }, tenant.locales.default)
  const html = renderLander(lander, {
    copy,
    members,
    member,
    signupHref,
    variant,
    fictional: { icon: tenant.fictional.icon, label: localized(tenant.fictional.singular, locale, tenant.locales.default) },
  })

  // A first visit of a person (not a crawler) counts once for its variant and source.
  if (choice.firstVisit && !isbot(request.headers.get('user-agent'))) {
    // A count that cannot be written must not cost the visitor the page.
    await countLanderEvent(db, scope, { lander: lander.name, variant, source: sourceOf(tracking) }, 'visit').catch((error: unknown) => {
      console.error('landers: a visit could not be counted', error)
    })
  }
  const next: Assignments = { assigned: { ...assignments.assigned, [lander.name]: variant }, last: { lander: lander.name, variant } }
  const headers = new Headers()
  headers.append('Set-Cookie', await landerCookie.serialize(next))
  if (trackingCookie) headers.append('Set-Cookie', trackingCookie)
  return data({ html, title: copy.headline ?? '', lander: lander.name, variant }, { headers })
}
