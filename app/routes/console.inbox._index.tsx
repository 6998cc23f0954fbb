// /inbox on the console host: the queue of conversations waiting for a fictional profile's
// answer, oldest first, within the operator's sites and languages (filters: site,
// language), claims shown; the chatter's own open conversations; availability for
// auto-assignment (issue #21).
import { ConsoleSelect } from '~/components/console/field.tsx'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Notice } from '~/components/console/field.tsx'
import { wakeAssignment } from '~/modules/inbox/assign.server.ts'
import { setAvailable } from '~/modules/inbox/availability.server.ts'
import { claimConversation } from '~/modules/inbox/claims.server.ts'
import { publishQueueChanged } from '~/modules/inbox/events.server.ts'
import { listQueue } from '~/modules/inbox/queue.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { LOCALES } from '../../tenants/schema.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Inbox' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { operator, db, reach, locale } = await requireOperator(context, request, { area: 'inbox' })
  const url = new URL(request.url)
  const site = reach.sites.some((s) => s.slug === url.searchParams.get('site')) ? url.searchParams.get('site') : null
  const language = (LOCALES as readonly string[]).includes(url.searchParams.get('language') ?? '') ? url.searchParams.get('language') : null
  const viewer = { id: operator.id, sites: reach.sites.map((s) => s.slug), pools: reach.pools, languages: operator.role === 'chatter' ? operator.languages : [] }
  const queue = await withOperator(db, (tx) => listQueue(tx, viewer, { site, language }))
  const mine = await withOperator(db, (tx) => tx.conversation.findMany({ where: { claimedBy: operator.id, claimedUntil: { gt: new Date() } }, select: { id: true }, orderBy: { claimedUntil: 'asc' } }))
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })
  return {
    available: operator.available,
    maxChats: operator.maxChats,
    mine: mine.map((c) => c.id),
    filters: { site, language },
    sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name })),
    languages: operator.languages.length > 0 ? operator.languages : [...LOCALES],
    queue: queue.map((q) => ({
      ...q,
      waitingSince: time.format(q.waitingSince),
      waitingMinutes: Math.max(0, Math.floor((Date.now() - q.waitingSince.getTime()) / 60_000)),
      claimedUntil: q.claimedUntil?.toISOString() ?? null,
      site: reach.sites.find((s) => s.slug === q.tenantId)?.name ?? q.tenantId,
      mineClaim: q.claimedBy === operator.id,
    })),
  }
}

const ActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('claim'), conversation: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({ intent: z.literal('availability'), available: z.enum(['on', 'off']) }),
])

export async function action({ context, request }: ActionFunctionArgs) {
  const { operator, db, actor, reach } = await requireOperator(context, request, { area: 'inbox' })
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ error: 'errors.generic' }, { status: 400 })
  if (parsed.data.intent === 'availability') {
    const on = parsed.data.available === 'on'
    await withOperator(db, (tx) => setAvailable(tx, actor, on))
    if (on) await wakeAssignment()
    return data({ error: null })
  }
  const id = parsed.data.conversation
  const result = await withOperator(db, (tx) => claimConversation(tx, { ...actor, maxChats: operator.maxChats, sites: reach.sites.map((s) => s.slug) }, id, { mustWait: false }))
  if (!result.ok) return data({ error: `inbox.claim.${result.reason}` }, { status: result.reason === 'not_found' ? 404 : 409 })
  const pool = await withOperator(db, (tx) => tx.conversation.findFirst({ where: { id }, select: { poolId: true } }))
  if (pool) await publishQueueChanged(pool.poolId)
  throw redirect(`/inbox/${id}`)
}

export default function Inbox() {
  const { t } = useTranslation('console')
  const { queue, available, mine, maxChats, filters, sites, languages } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="stack">
      <h1>{t('inbox.title')}</h1>
      {actionData?.error ? <Notice tone="danger">{t(actionData.error)}</Notice> : null}
      <div className="console-card console-filters">
        <Form method="post">
          <input type="hidden" name="intent" value="availability" />
          <input type="hidden" name="available" value={available ? 'off' : 'on'} />
          <p className="console-badge" data-testid="availability">{available ? t('inbox.availableOn', { max: maxChats }) : t('inbox.availableOff')}</p>{' '}
          <button type="submit" className="button button--small button--primary">
            {available ? t('inbox.goUnavailable') : t('inbox.goAvailable')}
          </button>
        </Form>
        {mine.length > 0 ? (
          <p>
            {t('inbox.mine')}{' '}
            {mine.map((id) => (
              <Link key={id} to={`/inbox/${id}`} className="console-badge">
                #{id}
              </Link>
            ))}
          </p>
        ) : null}
        <Link to="/inbox/metrics">{t('inbox.metricsLink')}</Link>{' · '}
        <Link to="/inbox/replies">{t('inbox.repliesLink')}</Link>
      </div>
      <Form method="get" className="console-filters" aria-label={t('inbox.filters')}>
        <ConsoleSelect id="filter-site" name="site" label={t('common.site')} defaultValue={filters.site ?? ''} all={t('common.all')} options={sites.map((s) => ({ value: s.slug, label: s.name }))} />
        <ConsoleSelect id="filter-language" name="language" label={t('common.language')} defaultValue={filters.language ?? ''} all={t('common.all')} options={languages.map((l) => ({ value: l, label: l }))} />
        <button type="submit" className="button button--light">
          {t('common.filter')}
        </button>
      </Form>
      {queue.length === 0 ? (
        <p>{t('inbox.empty')}</p>
      ) : (
        <table className="console-table" data-testid="queue">
          <caption className="visually-hidden">{t('inbox.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('inbox.waiting')}</th>
              <th scope="col">{t('common.site')}</th>
              <th scope="col">{t('common.language')}</th>
              <th scope="col">{t('inbox.member')}</th>
              <th scope="col">{t('inbox.profile')}</th>
              <th scope="col">{t('inbox.lastMessage')}</th>
              <th scope="col">{t('inbox.status')}</th>
            </tr>
          </thead>
          <tbody>
            {queue.map((q) => (
              <tr key={q.id} data-conversation={q.id} data-claimed={q.claimedBy !== null && !q.mineClaim}>
                <td>
                  {q.waitingSince} <span className="muted">({t('inbox.minutes', { count: q.waitingMinutes })})</span>
                </td>
                <td>{q.site}</td>
                <td>{q.language ?? '–'}</td>
                <td>{q.memberName}</td>
                <td>{q.profileName}</td>
                <td>{q.lastMessage}</td>
                <td>
                  {q.claimedBy && !q.mineClaim ? (
                    <span className="console-badge console-badge--warning">{t('inbox.takenBy', { name: q.claimedByName })}</span>
                  ) : q.mineClaim ? (
                    <Link to={`/inbox/${q.id}`} className="button button--small button--primary">
                      {t('inbox.open')}
                    </Link>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="claim" />
                      <input type="hidden" name="conversation" value={q.id} />
                      <button type="submit" className="button button--small button--primary" aria-label={t('inbox.claimFor', { member: q.memberName, profile: q.profileName })}>
                        {t('inbox.claimButton')}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
