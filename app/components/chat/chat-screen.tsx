import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FictionalLabel } from '~/components/profile/fictional-label.tsx'
import { useAccount } from '~/components/layout/use-attention.ts'
import { GiftImage, GiftPicker } from './gift-picker.tsx'
import type { ChatMessage, ComposerInfo, SendFailure } from '~/modules/chat/types.ts'
import { bodyLength } from '~/modules/chat/rules.ts'
import type { ProfileCard } from '~/modules/profiles/showcase.server.ts'
import { FULL_HISTORY } from '~/modules/chat/rules.ts'

/**
 * A conversation (SPEC §2 chat screen): the partner in the header, the messages (text as
 * typed, escaped by React, links not made live), and the message box with a live character
 * count. A plain form: without JavaScript it posts and the server redirects back here.
 */
export function ChatScreen({
  partner,
  messages,
  composer,
  olderHidden = false,
  premium = false,
  partnerGone = false,
}: {
  partner: ProfileCard
  messages: ChatMessage[]
  composer: ComposerInfo
  olderHidden?: boolean
  /** A premium member sees the longest history there is: no "go premium" for the rest. */
  premium?: boolean
  partnerGone?: boolean
}) {
  const { t } = useTranslation('chat')
  const failure = useActionData<SendFailure>()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting'
  const list = useRef<HTMLOListElement>(null)
  const last = messages.at(-1)?.id
  // The box starts empty after the member's own message went out; a partner's message
  // arriving (a live reload) must not wipe what is being typed.
  const lastMine = messages.findLast((m) => m.mine)?.id
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight })
  }, [last])

  return (
    <section className="chat" aria-labelledby="chat-title">
      <header className="chat__header">
        <Link to="/chats" className="chat__back" aria-label={t('back')}>
          <span aria-hidden="true">←</span>
        </Link>
        {partner.thumb ? <img src={partner.thumb} alt="" width={40} height={40} className="avatar" /> : <span className="avatar avatar--empty" aria-hidden="true" />}
        <div className="chat__who">
          <h1 id="chat-title" className="chat__name">
            {partnerGone ? t('deletedMember') : <Link to={`/members/${partner.id}`}>{partner.name}</Link>}
          </h1>
          {composer.fictional ? <FictionalLabel {...composer.fictional} compact /> : null}
        </div>
      </header>
      {/* Focusable: the scrolling list is read and scrolled by keyboard too (issue 22). */}
      <ol className="chat__messages" ref={list} tabIndex={0} aria-live="polite" aria-label={t('withName', { name: partner.name })} data-testid="chat-messages">
        {olderHidden ? (
          <li className="alert alert--info chat__history" role="note">
            {premium ? (
              <p>{t('history.latestOnly', { count: FULL_HISTORY })}</p>
            ) : (
              <>
                <p>{t('history.note')}</p>
                <Link to="/pricing">{t('premium')}</Link>
              </>
            )}
          </li>
        ) : null}
        {messages.length === 0 ? <li className="chat__first">{t('first', { name: partner.name })}</li> : null}
        {messages.map((m) => (
          <li key={m.id} className={`chat__message ${m.mine ? 'chat__message--mine' : 'chat__message--theirs'}${m.gift ? ' chat__message--gift' : ''}`}>
            {m.gift ? (
              <p className="chat__body chat__gift" data-testid="chat-gift">
                <GiftImage kind={m.gift} size={64} />
                <span>{m.mine ? t('gifts.sent', { gift: t(`gifts.names.${m.gift}`) }) : t('gifts.received', { gift: t(`gifts.names.${m.gift}`), name: partner.name })}</span>
              </p>
            ) : m.photo ? (
              <p className="chat__body" data-testid="chat-photo">
                <img src={m.photo} alt={t('photoFrom', { name: partner.name })} width={240} height={240} loading="lazy" />
              </p>
            ) : (
              <p className="chat__body">{m.body}</p>
            )}
            <p className="chat__meta">
              <time dateTime={m.createdAt}>{m.time}</time>
              {m.mine && m.held ? (
                <span className="chat__held" data-testid="chat-held">
                  {' '}
                  · {t(m.held === 'held' ? 'held.checking' : 'held.rejected')}
                </span>
              ) : m.mine && !m.delivered ? (
                <span> · {t('waiting')}</span>
              ) : null}
              {m.mine && m.read ? <span className="chat__read"> · {t('read')}</span> : null}
              {!m.mine && !partnerGone ? (
                <>
                  {' · '}
                  <Link to={`/members/${partner.id}/report?message=${m.id}`} className="chat__report" aria-label={t('reportMessage', { name: partner.name })} data-testid="chat-report">
                    {t('report')}
                  </Link>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
      {composer.fictional && !messages.some((m) => m.mine) ? (
        <div className="chat__notice">
          <FictionalLabel {...composer.fictional} />
        </div>
      ) : null}
      {partnerGone ? (
        <p className="alert alert--info chat__notice" role="note">
          {t('partnerGone')}
        </p>
      ) : composer.limitReached ? (
        <div className="alert alert--warning chat__notice" role="alert">
          <p>{t('errors.conversation_limit')}</p>
          <Link to="/pricing" className="button button--primary">
            {t('premium')}
          </Link>
        </div>
      ) : (
        // The open gift picker lies over the messages (chat.css), so neither the list nor the
        // message box gives up its room to it on a phone (issue 22).
        <div className="chat__compose">
          <Composer key={lastMine ?? 'none'} composer={composer} failure={failure?.gift ? undefined : failure} sending={sending} />
          <div className="chat__gifts">
            <GiftPicker key={lastMine ?? 'none'} offer={composer.gifts} busy={sending} />
            {failure?.gift && failure.error !== 'insufficient' ? (
              <p className="field-error" role="alert">
                {failure.message ?? t(`errors.${failure.error}`)}
              </p>
            ) : null}
          </div>
        </div>
      )}
      {failure?.error === 'insufficient' ? <BuyCreditsAlert what={failure.gift ? 'gift' : 'message'} /> : null}
    </section>
  )
}

function Composer({ composer, failure, sending }: { composer: ComposerInfo; failure: SendFailure | undefined; sending: boolean }) {
  const { t } = useTranslation('chat')
  const account = useAccount()
  const [body, setBody] = useState(failure?.body ?? '')
  useEffect(() => {
    if (failure) setBody(failure.body)
  }, [failure])
  const count = bodyLength(body)
  const over = count > composer.maxLength
  const error = failure && failure.error !== 'insufficient' ? (failure.message ?? t(`errors.${failure.error}`)) : null
  return (
    <Form method="post" className="chat__composer" aria-busy={sending}>
      <input type="hidden" name="key" value={composer.requestKey} />
      <label htmlFor="chat-body" className="visually-hidden">
        {t('label')}
      </label>
      <textarea
        id="chat-body"
        name="body"
        rows={2}
        required
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby="chat-count chat-error"
        className="chat__input"
        placeholder={t('label')}
      />
      <div className="chat__composer-row">
        <span id="chat-count" className={`chat__count${over ? ' chat__count--over' : ''}`} aria-live="polite">
          {t('count', { count, max: composer.maxLength })}
        </span>
        <span className="chat__cost">
          {composer.priceFrom ? t('costFrom', { credits: composer.cost, price: composer.priceFrom }) : t('cost', { credits: composer.cost })}
          {account ? (
            <>
              {' '}
              <span className={`chat__balance${account.credits < composer.cost ? ' chat__balance--low' : ''}`} data-testid="composer-balance">
                {t('balance', { count: account.credits })}
              </span>
            </>
          ) : null}
        </span>
        <button type="submit" className="button button--primary" disabled={sending || over}>
          {t('send')}
        </button>
      </div>
      <p id="chat-error" className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </Form>
  )
}

/** SPEC §5: without enough credits an alert offers to buy credits; nothing was sent or charged. */
export function BuyCreditsAlert({ what = 'message' }: { what?: 'message' | 'gift' | 'photo' }) {
  const { t } = useTranslation('chat')
  const [open, setOpen] = useState(true)
  if (!open) return null
  return (
    <div className="modal-backdrop">
      <div role="alertdialog" aria-modal="true" aria-labelledby="buy-title" aria-describedby="buy-text" className="modal chat__buy">
        <h2 id="buy-title">{t('buy.title')}</h2>
        <p id="buy-text">{what === 'gift' ? t('buy.textGift') : what === 'photo' ? t('buy.textPhoto') : t('buy.text')}</p>
        <div className="modal__actions">
          <Link to="/pricing" className="button button--primary">
            {t('buy.action')}
          </Link>
          <button type="button" className="button button--light" onClick={() => setOpen(false)}>
            {t('buy.close')}
          </button>
        </div>
      </div>
    </div>
  )
}
