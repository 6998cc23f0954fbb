// One side of an inbox conversation: the member (facts, local time, credits, paid status,
// photos) or the fictional profile (its own profile, photos the member unlocked), with the
// notes about it and a form for a new note.
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ConversationView } from '~/modules/inbox/conversation.server.ts'

export function ConversationSide({ who, view }: { who: 'member' | 'profile'; view: ConversationView }) {
  const { t } = useTranslation('console')
  const person = who === 'member' ? view.member : view.profile
  const notes = view.notes.filter((n) => n.about === who)
  const titleId = `side-${who}`
  return (
    <section className="console-card stack" aria-labelledby={titleId} data-testid={`side-${who}`}>
      <h2 id={titleId}>
        {who === 'member' ? t('inbox.member') : t('inbox.profile')}: {person.name}
      </h2>
      <dl className="console-facts">
        <dt>{t('inbox.age')}</dt>
        <dd>{person.age}</dd>
        <dt>{t('inbox.country')}</dt>
        <dd>
          {person.country}
          {person.city ? `, ${person.city}` : ''}
        </dd>
        {who === 'member' ? (
          <>
            <dt>{t('inbox.localTime')}</dt>
            <dd>
              {view.member.localTime.time} <span className="muted">({view.member.localTime.zone})</span>
            </dd>
            <dt>{t('inbox.creditsLabel')}</dt>
            <dd data-testid="member-credits">{view.member.credits ?? '–'}</dd>
            <dt>{t('inbox.paid')}</dt>
            <dd>{view.member.paid ? t('common.yes') : t('common.no')}</dd>
          </>
        ) : null}
      </dl>
      {person.about ? <p>{person.about}</p> : null}
      {person.photos.length > 0 ? (
        <ul className="console-photos" aria-label={t('inbox.photos')}>
          {person.photos.map((p, i) => (
            <li key={p.id}>
              <img src={p.thumb} alt={t('inbox.photoOf', { name: person.name, n: i + 1 })} width={88} height={88} />
              {p.private ? <span className="console-badge">{t('inbox.private')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {who === 'profile' && view.unlocked.length > 0 ? (
        <p>
          {t('inbox.unlocked', { count: view.unlocked.length })}
        </p>
      ) : null}
      <h3>{t('inbox.notes')}</h3>
      {notes.length === 0 ? <p className="muted">{t('inbox.noNotes')}</p> : null}
      <ul>
        {notes.map((n) => (
          <li key={n.id}>
            {n.body} <span className="muted">— {n.by}</span>
          </li>
        ))}
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="profile" value={person.id} />
        <div className="field">
          <label htmlFor={`note-${who}`}>{t('inbox.addNote')}</label>
          <textarea id={`note-${who}`} name="note" rows={2} maxLength={2000} required />
        </div>
        <button type="submit" className="button button--small button--light">
          {t('inbox.saveNote')}
        </button>
      </Form>
    </section>
  )
}
