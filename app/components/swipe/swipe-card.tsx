import { Link } from '@remix-run/react'
import { useRef, useState, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FictionalLabel } from '~/components/profile/fictional-label.tsx'
import type { SwipeCandidate } from '~/modules/likes/swipe.server.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'

export type SwipeDirection = 'like' | 'skip'

/** How far (px, at most 30% of the card's width) a drag must go to count as a vote. */
const THRESHOLD_PX = 110

/**
 * One member in the game. The top card follows a finger or mouse (pointer events; vertical
 * scrolling stays with the browser through touch-action: pan-y): released past the threshold
 * to the right is a like, to the left a skip; otherwise it springs back.
 */
export function SwipeCard({
  member,
  leaving = null,
  onSwipe,
  behind = false,
}: {
  member: SwipeCandidate
  leaving?: SwipeDirection | null
  onSwipe?: (direction: SwipeDirection) => void
  behind?: boolean
}) {
  const { t } = useTranslation('swipe')
  const { t: tc } = useTranslation()
  const { settings } = useRootData()
  const ref = useRef<HTMLElement>(null)
  const drag = useRef<{ pointer: number; x: number } | null>(null)
  const dxRef = useRef(0)
  const [dx, setDx] = useState(0)
  const [dragging, setDragging] = useState(false)

  const threshold = () => Math.min(THRESHOLD_PX, (ref.current?.offsetWidth ?? 360) * 0.3)
  const setOffset = (value: number) => {
    dxRef.current = value
    setDx(value)
  }

  function down(event: PointerEvent<HTMLElement>) {
    if (behind || !onSwipe || leaving || (event.pointerType === 'mouse' && event.button !== 0)) return
    // Links and buttons on the card keep their own clicks.
    if ((event.target as HTMLElement).closest('a, button')) return
    drag.current = { pointer: event.pointerId, x: event.clientX }
    event.currentTarget.setPointerCapture(event.pointerId)
    setDragging(true)
  }

  function move(event: PointerEvent<HTMLElement>) {
    if (drag.current?.pointer !== event.pointerId) return
    setOffset(event.clientX - drag.current.x)
  }

  function end(event: PointerEvent<HTMLElement>) {
    if (drag.current?.pointer !== event.pointerId) return
    drag.current = null
    setDragging(false)
    const offset = dxRef.current
    if (event.type === 'pointerup' && Math.abs(offset) > threshold() && onSwipe) onSwipe(offset > 0 ? 'like' : 'skip')
    else setOffset(0)
  }

  const direction = leaving === 'like' ? 1 : leaving === 'skip' ? -1 : 0
  const transform = leaving ? `translateX(${direction * 140}%) rotate(${direction * 18}deg)` : dx ? `translateX(${dx}px) rotate(${dx / 18}deg)` : undefined
  const strength = (value: number) => Math.max(0, Math.min(1, value / threshold()))
  const likeOpacity = leaving === 'like' ? 1 : leaving ? 0 : strength(dx)
  const skipOpacity = leaving === 'skip' ? 1 : leaving ? 0 : strength(-dx)
  const className = ['swipe-card', behind ? 'swipe-card--behind' : '', dragging ? 'swipe-card--dragging' : '', leaving ? 'swipe-card--leaving' : '']
    .filter(Boolean)
    .join(' ')

  return (
    <article
      ref={ref}
      className={className}
      style={transform ? { transform } : undefined}
      aria-label={behind ? undefined : `${member.name}, ${member.age}`}
      aria-hidden={behind || undefined}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      {member.photo ? (
        <img className="swipe-card__photo" src={member.photo} alt="" width={600} height={800} draggable={false} />
      ) : (
        <div className="swipe-card__photo swipe-card__photo--empty" />
      )}
      <span className="swipe-card__stamp swipe-card__stamp--like" style={{ opacity: likeOpacity }} aria-hidden="true">
        {t('stampLike')}
      </span>
      <span className="swipe-card__stamp swipe-card__stamp--skip" style={{ opacity: skipOpacity }} aria-hidden="true">
        {t('stampSkip')}
      </span>
      <div className="swipe-card__info">
        <h2 className="swipe-card__name">
          {member.name}, {member.age}
        </h2>
        <p className="swipe-card__place">{member.city ?? tc(`countries.${member.country}`)}</p>
        {member.fictional ? <FictionalLabel icon={settings.fictional_icon} label={settings.fictional_singular} warning={settings.fictional_warning} compact /> : null}
        {behind ? null : (
          <Link to={`/members/${member.id}`} className="swipe-card__profile">
            {t('viewProfile', { name: member.name })}
          </Link>
        )}
      </div>
    </article>
  )
}
