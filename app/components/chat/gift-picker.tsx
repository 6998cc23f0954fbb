import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GIFT_IMAGES, isGiftKind, type GiftOffer } from '~/modules/gifts/catalogue.ts'

/** A gift's picture (static SVG from the catalogue, in the theme's colours). */
export function GiftImage({ kind, size = 48 }: { kind: string; size?: number }) {
  if (!isGiftKind(kind)) return null
  return <span className="gift-image" style={{ width: size, height: size }} dangerouslySetInnerHTML={{ __html: GIFT_IMAGES[kind] }} />
}

/**
 * Choosing and sending a gift (SPEC §2 member profile and chat; decision 017): a disclosure
 * with the site's gifts as radio buttons and one send button. A plain form: without
 * JavaScript it posts to the chat route (`action`, default the current one), which answers
 * with a redirect to the conversation, or the reason it was not sent.
 */
export function GiftPicker({ offer, action, busy = false }: { offer: GiftOffer; action?: string; busy?: boolean }) {
  const { t } = useTranslation('chat')
  return (
    <details className="gift-picker">
      <summary className="button button--ghost gift-picker__open">{t('gifts.open')}</summary>
      <Form method="post" action={action} className="gift-picker__form">
        <input type="hidden" name="intent" value="gift" />
        {offer.requestKey ? <input type="hidden" name="key" value={offer.requestKey} /> : null}
        <fieldset className="gift-picker__fieldset">
          <legend>{t('gifts.choose', { credits: offer.price })}</legend>
          <ul className="gift-picker__grid">
            {offer.kinds.map((kind, i) => (
              <li key={kind}>
                <label className="gift-option">
                  <input type="radio" name="gift" value={kind} defaultChecked={i === 0} className="gift-option__radio" />
                  <GiftImage kind={kind} />
                  <span className="gift-option__name">{t(`gifts.names.${kind}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('gifts.send', { count: offer.price })}
        </button>
      </Form>
    </details>
  )
}
