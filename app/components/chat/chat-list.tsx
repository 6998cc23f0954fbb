import { Form, Link, useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatSummary } from '~/modules/chat/types.ts'
import { badgeText } from '~/modules/site/attention.ts'
import { AuthenticationRequired, clientFetch } from '~/modules/http/client-fetch.ts'

type Fictional = { icon: string; label: string; warning: string }

/**
 * The chat list (SPEC §2): partner, last message, unread count, fictional label, newest
 * first. Removing (SPEC §4) takes the chat off the list at once, then asks the server; on
 * failure an alert and the list reloads. Without JavaScript the form posts to /chats.
 */
export function ChatList({ chats, fictional }: { chats: ChatSummary[]; fictional: Fictional }) {
  const { t } = useTranslation('chat')
  const revalidator = useRevalidator()
  const [removed, setRemoved] = useState<number[]>([])
  const shown = chats.filter((c) => !removed.includes(c.id))

  const remove = async (event: React.FormEvent<HTMLFormElement>, id: number) => {
    event.preventDefault()
    setRemoved((r) => [...r, id])
    let ok: boolean
    try {
      const response = await clientFetch('/api/chat', { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ conversation: id }) })
      ok = response.ok
    } catch (error) {
      // The session ended: the page logs out; no alert for that.
      if (error instanceof AuthenticationRequired) return
      ok = false
    }
    if (!ok) {
      window.alert(t('removeFailed'))
      setRemoved((r) => r.filter((x) => x !== id))
    }
    revalidator.revalidate()
  }

  if (shown.length === 0) {
    return (
      <div className="chat-list__empty">
        <h2>{t('empty')}</h2>
        <p>{t('emptyHint')}</p>
        <Link to="/members" className="button button--primary">
          {t('findMembers')}
        </Link>
      </div>
    )
  }
  return (
    <ul className="chat-list" data-testid="chat-list">
      {shown.map((chat) => (
        <li key={chat.id} className={`chat-list__item${chat.unread > 0 ? ' chat-list__item--unread' : ''}`}>
          <Link to={`/chats/${chat.id}`} className="chat-list__link">
            {chat.partner.thumb ? <img src={chat.partner.thumb} alt="" width={48} height={48} className="avatar" /> : <span className="avatar avatar--empty" aria-hidden="true" />}
            <span className="chat-list__text">
              <span className="chat-list__name">
                {chat.partner.name || t('deletedMember')}
                {chat.partner.fictional ? (
                  <span className="chat-list__fictional" title={fictional.warning}>
                    {' '}
                    <span aria-hidden="true">{fictional.icon}</span> {fictional.label}
                  </span>
                ) : null}
              </span>
              <span className="chat-list__last">
                {chat.lastMessage?.mine ? `${t('you')} ` : ''}
                {chat.lastMessage?.body}
              </span>
            </span>
            {chat.unread > 0 ? (
              <span className="badge badge--unread" aria-label={t('unread', { count: chat.unread })}>
                {badgeText(chat.unread)}
              </span>
            ) : null}
          </Link>
          <Form method="post" onSubmit={(e) => void remove(e, chat.id)} className="chat-list__remove">
            <input type="hidden" name="conversation" value={chat.id} />
            <button type="submit" name="intent" value="remove" className="button button--light" aria-label={`${t('remove')}: ${chat.partner.name || t('deletedMember')}`}>
              ✕
            </button>
          </Form>
        </li>
      ))}
    </ul>
  )
}
