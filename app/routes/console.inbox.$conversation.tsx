// /inbox/{conversation} on the console host: one conversation of a fictional profile as the
// chatter works on it (issue #21). Claim (renewed while typing, released on send and on
// leaving), reply as the profile (free for the member), a gift or a photo of the profile,
// the site's honest answer in one click, notes, saved replies; the disclosure always shown.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Notice } from '~/components/console/field.tsx'
import { ConversationSide } from '~/components/console/conversation-side.tsx'
import { claimConversation, releaseClaim, renewClaim } from '~/modules/inbox/claims.server.ts'
import { loadConversationView } from '~/modules/inbox/conversation.server.ts'
import { publishQueueChanged } from '~/modules/inbox/events.server.ts'
import { addNote, NOTE_MAX } from '~/modules/inbox/notes.server.ts'
import { replyAsProfile } from '~/modules/inbox/reply.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'

export const handle: I18nHandle = { i18n: ['console', 'chat'] }

export const meta: MetaFunction = () => [{ title: 'Inbox' }]

function conversationId(params: LoaderFunctionArgs['params']): number {
  const raw = params.conversation ?? ''
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new Response('Not Found', { status: 404 })
  return Number(raw)
}

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { operator, db, reach, locale } = await requireOperator(context, request, { area: 'inbox' })
  const id = conversationId(params)
  // The operator's sites, not the registry: a sibling site's member is not theirs.
  const view = await withOperator(db, (tx) => loadConversationView(tx, { conversationId: id, operatorId: operator.id, sites: reach.sites, locale }))
  if (!view) throw new Response('Not Found', { status: 404 })
  return { view }
}

const Id = z.coerce.number().int().positive().max(2_147_483_647)
const ActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('claim') }),
  z.object({ intent: z.literal('renew') }),
  z.object({ intent: z.literal('release') }),
  z.object({ intent: z.literal('reply'), body: z.string().max(10_000) }),
  z.object({ intent: z.literal('gift'), gift: z.string().max(30) }),
  z.object({ intent: z.literal('photo'), photo: Id }),
  z.object({ intent: z.literal('note'), profile: Id, note: z.string().max(NOTE_MAX + 100) }),
])

export async function action({ context, request, params }: ActionFunctionArgs) {
  const { operator, db, actor, reach } = await requireOperator(context, request, { area: 'inbox' })
  const id = conversationId(params)
  const sites = reach.sites.map((s) => s.slug)
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ ok: false, notice: 'errors.generic', body: '' }, { status: 400 })
  const input = parsed.data
  switch (input.intent) {
    case 'claim': {
      const result = await withOperator(db, (tx) => claimConversation(tx, { ...actor, maxChats: operator.maxChats, sites }, id))
      if (result.ok) await publishPool(db, id)
      return data({ ok: result.ok, notice: result.ok ? 'inbox.claimed' : `inbox.claim.${result.reason}`, body: '' }, { status: result.ok ? 200 : result.reason === 'not_found' ? 404 : 409 })
    }
    case 'renew': {
      const until = await withOperator(db, (tx) => renewClaim(tx, operator.id, id))
      return data({ ok: until !== null, notice: until ? null : 'inbox.claim.lost', body: '' }, { status: until ? 200 : 409 })
    }
    case 'release': {
      const released = await withOperator(db, (tx) => releaseClaim(tx, actor, id))
      if (released) await publishPool(db, id)
      return data({ ok: released, notice: released ? 'inbox.released' : null, body: '' })
    }
    case 'note': {
      const ok = await withOperator(db, (tx) => addNote(tx, { ...actor, name: operator.name }, { conversationId: id, profileId: input.profile, sites }, input.note))
      return data({ ok, notice: ok ? 'inbox.noteSaved' : 'inbox.noteEmpty', body: '' }, { status: ok ? 200 : 400 })
    }
    default: {
      const result = await replyAsProfile(db, actor, reach.sites, {
        conversationId: id,
        body: input.intent === 'reply' ? input.body : undefined,
        gift: input.intent === 'gift' ? input.gift : null,
        photoId: input.intent === 'photo' ? input.photo : null,
      })
      if (!result.ok) return data({ ok: false, notice: `inbox.reply.${result.reason}`, body: input.intent === 'reply' ? input.body : '' }, { status: result.reason === 'not_found' ? 404 : 400 })
      return data({ ok: true, notice: 'inbox.sent', body: '' })
    }
  }
}

async function publishPool(db: Parameters<typeof withOperator>[0], id: number) {
  const row = await withOperator(db, (tx) => tx.conversation.findFirst({ where: { id }, select: { poolId: true } }))
  if (row) await publishQueueChanged(row.poolId)
}

/** While the chatter types, the claim is renewed (at most once a minute); leaving releases it. */
function useClaimKeeper(active: boolean) {
  const renew = useFetcher()
  const last = useRef(0)
  const touch = () => {
    if (!active || Date.now() - last.current < 60_000) return
    last.current = Date.now()
    renew.submit({ intent: 'renew' }, { method: 'post' })
  }
  useEffect(() => {
    if (!active) return
    const release = () => {
      const body = new FormData()
      body.set('intent', 'release')
      navigator.sendBeacon(window.location.pathname, body)
    }
    window.addEventListener('pagehide', release)
    return () => {
      window.removeEventListener('pagehide', release)
    }
  }, [active])
  return touch
}

export default function InboxConversation() {
  const { t } = useTranslation('console')
  const { view } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const mine = view.claim?.mine === true
  const [text, setText] = useState(actionData?.body ?? '')
  const touch = useClaimKeeper(mine)
  useEffect(() => {
    if (actionData?.ok) setText('')
  }, [actionData])
  const thread = useRef<HTMLOListElement>(null)
  useEffect(() => {
    thread.current?.scrollTo({ top: thread.current.scrollHeight })
  }, [view.messages.length])
  return (
    <div className="stack">
      <h1>
        {t('inbox.conversationTitle', { profile: view.profile.name, member: view.member.name })}
      </h1>
      {/* The disclosure as the member sees it: always here, no switch. */}
      <p className="console-disclosure" data-testid="disclosure">
        <span aria-hidden="true">{view.site.disclosure.icon}</span> <strong>{view.site.disclosure.label}</strong>: {view.site.disclosure.warning}
      </p>
      {actionData?.notice ? <Notice tone={actionData.ok ? 'success' : 'danger'}>{t(actionData.notice)}</Notice> : null}
      <div className="console-grid console-grid--3">
        <ConversationSide who="member" view={view} />
        <section className="console-card stack" aria-labelledby="thread-title">
          <h2 id="thread-title">{t('inbox.history')}</h2>
          <p className="muted">
            {view.site.name} · {view.language}
            {view.waitingSince ? ` · ${t('inbox.waitingSince', { time: new Date(view.waitingSince).toLocaleString() })}` : ''}
          </p>
          <ol className="console-thread" ref={thread} data-testid="thread" tabIndex={0} aria-label={t('inbox.history')}>
            {view.messages.map((m) => (
              <li key={m.id} data-from={m.from}>
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
                <span className="visually-hidden">{m.from === 'profile' ? view.profile.name : view.member.name}: </span>
                {m.gift ? `🎁 ${t(`gifts.names.${m.gift}`, { ns: 'chat' })}` : m.photo ? <img src={m.photo} alt={t('inbox.photoSent')} width={88} height={88} /> : m.body}
                {m.credits > 0 ? <span className="muted"> · {t('inbox.credits', { count: m.credits })}</span> : null}
              </li>
            ))}
          </ol>
          {!view.claim ? (
            <Form method="post">
              <input type="hidden" name="intent" value="claim" />
              <button type="submit" className="button button--primary">
                {t('inbox.claimButton')}
              </button>
            </Form>
          ) : !mine ? (
            <p className="console-badge console-badge--warning">{t('inbox.takenBy', { name: view.claim.by })}</p>
          ) : (
            <>
              <Form method="post" className="stack">
                <input type="hidden" name="intent" value="reply" />
                <div className="field">
                  <label htmlFor="reply">{t('inbox.replyAs', { name: view.profile.name })}</label>
                  <textarea id="reply" name="body" rows={4} maxLength={view.site.maxLength} value={text} onChange={(e) => (setText(e.target.value), touch())} required />
                  <p className="field-hint">{t('inbox.free')}</p>
                </div>
                <div className="console-filters">
                  <button type="submit" className="button button--primary" disabled={busy}>
                    {t('inbox.send')}
                  </button>
                  <button type="button" className="button button--light" onClick={() => setText(view.site.honestAnswer)} data-testid="honest-answer">
                    {t('inbox.honest')}
                  </button>
                  {view.canned.length > 0 ? (
                    <div className="field">
                      <label htmlFor="canned">{t('inbox.canned')}</label>
                      <select id="canned" defaultValue="" onChange={(e) => e.target.value && setText(view.canned.find((c) => String(c.id) === e.target.value)?.body ?? text)}>
                        <option value="">–</option>
                        {view.canned.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.title}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </div>
              </Form>
              <Form method="post" className="console-filters">
                <input type="hidden" name="intent" value="gift" />
                <div className="field">
                  <label htmlFor="gift">{t('inbox.gift')}</label>
                  <select id="gift" name="gift">
                    {view.site.gifts.map((g) => (
                      <option key={g} value={g}>
                        {t(`gifts.names.${g}`, { ns: 'chat' })}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="button button--light">
                  {t('inbox.sendGift')}
                </button>
              </Form>
              {view.profile.photos.some((p) => !p.private) ? (
                <Form method="post" className="console-filters">
                  <input type="hidden" name="intent" value="photo" />
                  <fieldset className="field">
                    <legend>{t('inbox.sendPhoto')}</legend>
                    <ul className="console-photos">
                      {view.profile.photos
                        .filter((p) => !p.private)
                        .map((p, i) => (
                          <li key={p.id}>
                            <label>
                              <input type="radio" name="photo" value={p.id} defaultChecked={i === 0} /> <img src={p.thumb} alt={t('inbox.photoOf', { name: view.profile.name, n: i + 1 })} width={88} height={88} />
                            </label>
                          </li>
                        ))}
                    </ul>
                  </fieldset>
                  <button type="submit" className="button button--light">
                    {t('inbox.sendPhotoButton')}
                  </button>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="release" />
                <button type="submit" className="button button--link">
                  {t('inbox.release')}
                </button>
              </Form>
            </>
          )}
        </section>
        <ConversationSide who="profile" view={view} />
      </div>
    </div>
  )
}
