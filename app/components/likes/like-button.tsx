import { useLocation, useNavigate, useRevalidator } from '@remix-run/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LIKES_API, likeErrorKey, sendLike, type LikeOriginName } from '~/modules/likes/like-request.ts'
import { useLikePopup } from './like-popup-context.tsx'

export type LikeButtonState = { liked: boolean; match: boolean }

/**
 * Like / unlike one member (SPEC §4). A toggle: pressed when the viewer likes them, and
 * labelled 'Match' when the like is mutual. A form that posts to /api/likes, so it works
 * without JavaScript too; with it, the page stays put and a new match opens the pop-up.
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
  const [current, setCurrent] = useState(state)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // A revalidated page brings the server's state.
  useEffect(() => setCurrent(state), [state.liked, state.match]) // eslint-disable-line react-hooks/exhaustive-deps

  const intent = current.liked ? 'unlike' : 'like'
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
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
    revalidator.revalidate()
  }

  const label = current.match ? t('likeButton.match') : current.liked ? t('likeButton.liked') : t('likeButton.like')
  return (
    <form method="post" action={LIKES_API} onSubmit={submit} className={`like-form${compact ? ' like-form--compact' : ''}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="profileId" value={profileId} />
      <input type="hidden" name="origin" value={origin} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className={`button like-button${current.liked ? ' like-button--on' : ''}${current.match ? ' like-button--match' : ''}${compact ? ' button--small' : ''}`}
        aria-pressed={current.liked}
        aria-label={compact ? t('likeButton.labelFor', { name, state: label }) : undefined}
        title={current.liked ? t('likeButton.unlikeHint') : undefined}
        disabled={busy}
      >
        <span aria-hidden="true" className="like-button__icon">
          {current.liked ? '♥' : '♡'}
        </span>
        {compact ? null : <span>{label}</span>}
      </button>
      {error ? (
        <p className="field-error like-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
