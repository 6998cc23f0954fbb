import { useLocation, useNavigate, useRevalidator } from '@remix-run/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CONFIRM_PARAM, ConfirmAction } from '~/components/confirm/confirm-action.tsx'
import { useToast } from '~/components/layout/toast.tsx'
import { LIKES_API, likeErrorKey, sendLike, type LikeOriginName } from '~/modules/likes/like-request.ts'
import { useLikePopup } from './like-popup-context.tsx'

export type LikeButtonState = { liked: boolean; match: boolean }

/**
 * Like / unlike one member (SPEC §4). A toggle: pressed when the viewer likes them, and
 * labelled 'Match' when the like is mutual. A form that posts to /api/likes, so it works
 * without JavaScript too; with it, the page stays put and a new match opens the pop-up.
 * Ending a match asks first (ConfirmAction) and then says what happened (issue #16).
 */
export function LikeButton({
  profileId,
  name,
  state,
  origin,
  compact = false,
}: {
  profileId: number
  name: string
  state: LikeButtonState
  origin: LikeOriginName
  compact?: boolean
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const popup = useLikePopup()
  const toast = useToast()
  const [current, setCurrent] = useState(state)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // A revalidated page brings the server's state.
  useEffect(() => setCurrent(state), [state.liked, state.match]) // eslint-disable-line react-hooks/exhaustive-deps

  const intent = current.liked ? 'unlike' : 'like'
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    await send()
  }
  async function send() {
    if (busy) return
    const wasMatch = current.match
    setBusy(true)
    setError(null)
    const result = await sendLike({ profileId, intent, origin })
    setBusy(false)
    if (!result.ok) {
      if (result.error === 'authentication_required') navigate(`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`)
      else setError(t(likeErrorKey(result.error)))
      return
    }
    setCurrent({ liked: result.liked, match: result.match })
    if (result.match && intent === 'like' && result.profile) popup.show({ kind: 'match', profile: result.profile })
    if (wasMatch && intent === 'unlike') toast(t('toast.unmatched'))
    revalidator.revalidate()
  }

  const label = current.match ? t('likeButton.match') : current.liked ? t('likeButton.liked') : t('likeButton.like')
  const buttonClass = `button like-button${current.liked ? ' like-button--on' : ''}${current.match ? ' like-button--match' : ''}${compact ? ' button--small' : ''}`
  const content = (
    <>
      <span aria-hidden="true" className="like-button__icon">
        {current.liked ? '♥' : '♡'}
      </span>
      {compact ? null : <span>{label}</span>}
    </>
  )
  const errorText = error ? (
    <p className="field-error like-form__error" role="alert">
      {error}
    </p>
  ) : null
  if (current.match) {
    // Without JavaScript the confirmed form comes back here, without the confirmation step.
    const params = new URLSearchParams(location.search)
    params.delete(CONFIRM_PARAM)
    const here = `${location.pathname}${params.size > 0 ? `?${params}` : ''}`
    return (
      <div className={`like-form${compact ? ' like-form--compact' : ''}`}>
        <ConfirmAction
          id={`unmatch-${profileId}`}
          trigger={content}
          triggerClassName={buttonClass}
          triggerLabel={compact ? t('likeButton.labelFor', { name, state: label }) : undefined}
          title={t('likeButton.unmatchConfirm.title', { name })}
          text={t('likeButton.unmatchConfirm.text')}
          confirmLabel={t('likeButton.unmatchConfirm.yes')}
          action={LIKES_API}
          fields={{ intent: 'unlike', profileId: String(profileId), origin, redirectTo: here, toast: 'unmatched' }}
          onConfirm={send}
        />
        {errorText}
      </div>
    )
  }
  return (
    <form method="post" action={LIKES_API} onSubmit={submit} className={`like-form${compact ? ' like-form--compact' : ''}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="profileId" value={profileId} />
      <input type="hidden" name="origin" value={origin} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className={buttonClass}
        aria-pressed={current.liked}
        aria-label={compact ? t('likeButton.labelFor', { name, state: label }) : undefined}
        title={current.liked ? t('likeButton.unlikeHint') : undefined}
        disabled={busy}
      >
        {content}
      </button>
      {errorText}
    </form>
  )
}
