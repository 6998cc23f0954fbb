import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLikePopup } from '~/components/likes/like-popup-context.tsx'
import type { SwipeGame, SwipeOutcome } from '~/modules/likes/swipe.server.ts'
import { SwipeCard, type SwipeDirection } from './swipe-card.tsx'
import { SwipeEmpty, SwipeLimit, SwipeNotConfirmed } from './swipe-states.tsx'

/** What the route's action answers. */
export type SwipeAnswer = SwipeOutcome | { ok: false; error: 'invalid_request' }

type Playing = Extract<SwipeGame, { state: 'play' }>

/** How long a card takes to fly out before the next one is on top. */
const LEAVE_MS = 220

export function SwipeGameView({ game, title, answer }: { game: SwipeGame; title: string; answer: SwipeAnswer | null }) {
  return (
    <div className="container section swipe">
      <h1 className="swipe__title">{title}</h1>
      {game.state === 'not_confirmed' ? <SwipeNotConfirmed /> : <SwipePlay game={game} answer={answer} />}
    </div>
  )
}

/** Likes left today: the loader's figure, or the last vote's answer when it is newer (same day). */
function likesLeftOf(game: Playing, last: SwipeAnswer | null | undefined): number {
  if (!last || !('resetsAt' in last) || last.resetsAt !== game.resetsAt) return game.likesLeft
  return Math.min(game.likesLeft, last.ok ? last.likesLeft : 0)
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || target.closest('input, textarea, select') !== null
}

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

function SwipePlay({ game, answer }: { game: Playing; answer: SwipeAnswer | null }) {
  const { t } = useTranslation('swipe')
  const fetcher = useFetcher<SwipeAnswer>()
  const popup = useLikePopup()
  // Voted members leave at once; the revalidated loader then brings the next ones.
  const [gone, setGone] = useState<ReadonlySet<number>>(() => new Set())
  // Cards flying out, by member: the next card can be voted on while the last one still leaves.
  const [leaving, setLeaving] = useState<ReadonlyMap<number, SwipeDirection>>(() => new Map())
  // Votes go out one at a time in the order given: a quick member never loses one while the
  // previous vote is still on its way.
  const queue = useRef<{ intent: SwipeDirection; id: number }[]>([])
  const [queuedLikes, setQueuedLikes] = useState(0)
  const last = fetcher.data ?? answer
  const likeInFlight = fetcher.state === 'submitting' && fetcher.formData?.get('intent') === 'like' ? 1 : 0
  const likesLeft = Math.max(0, likesLeftOf(game, last) - likeInFlight - queuedLikes)
  const visible = game.candidates.filter((c) => !gone.has(c.id))
  const current = visible[0]
  const next = visible[1]

  const sendNext = () => {
    if (fetcher.state === 'submitting') return
    const vote = queue.current.shift()
    if (!vote) return
    if (vote.intent === 'like') setQueuedLikes((n) => n - 1)
    fetcher.submit({ intent: vote.intent, targetId: String(vote.id) }, { method: 'post' })
  }
  const sendNextRef = useRef(sendNext)
  sendNextRef.current = sendNext
  useEffect(() => {
    if (fetcher.state !== 'submitting') sendNextRef.current()
  }, [fetcher.state])

  function vote(intent: SwipeDirection) {
    if (!current || leaving.has(current.id)) return
    const id = current.id
    setLeaving((m) => new Map(m).set(id, intent))
    queue.current.push({ intent, id })
    if (intent === 'like') setQueuedLikes((n) => n + 1)
    sendNext()
    setTimeout(
      () => {
        setGone((g) => new Set(g).add(id))
        setLeaving((m) => {
          const rest = new Map(m)
          rest.delete(id)
          return rest
        })
      },
      reducedMotion() ? 0 : LEAVE_MS,
    )
  }
  const voteRef = useRef(vote)
  voteRef.current = vote

  // ArrowRight likes, ArrowLeft skips, unless the member is typing or a dialog is open.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return
      event.preventDefault()
      voteRef.current(event.key === 'ArrowRight' ? 'like' : 'skip')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  // A like that made a match opens the layout's 'It's a Match' pop-up.
  useEffect(() => {
    const data = fetcher.data
    if (data?.ok && data.vote === 'like' && data.match && data.profile) popup.show({ kind: 'match', profile: data.profile })
  }, [fetcher.data]) // eslint-disable-line react-hooks/exhaustive-deps -- once per answer

  if (likesLeft === 0) {
    return (
      <>
        <SwipeLimit limit={game.limit} secondsLeft={game.secondsLeft} />
        <Feedback answer={last} />
      </>
    )
  }

  return (
    <>
      <p className="swipe__left">
        <span aria-hidden="true">♥</span> {t('likesLeft', { count: likesLeft })}
      </p>
      {current ? (
        <>
          <div className="swipe__stage">
            {next ? <SwipeCard key={next.id} member={next} behind /> : null}
            <SwipeCard key={current.id} member={current} leaving={leaving.get(current.id) ?? null} onSwipe={vote} />
          </div>
          {/* A plain form: without JavaScript the buttons post to the route's action. */}
          <form method="post" className="swipe__actions">
            <input type="hidden" name="targetId" value={current.id} />
            <VoteButton intent="skip" icon="✕" label={t('skip')} onVote={vote} />
            <VoteButton intent="like" icon="♥" label={t('like')} onVote={vote} />
          </form>
          <p className="swipe__hint">{t('hint')}</p>
        </>
      ) : fetcher.state !== 'idle' ? (
        <p className="swipe__loading">{t('loading')}</p>
      ) : (
        <SwipeEmpty />
      )}
      <Feedback answer={last} />
    </>
  )
}

/** What became of the last vote, for everyone (and the only match notice without JavaScript). */
function Feedback({ answer }: { answer: SwipeAnswer | null | undefined }) {
  const { t } = useTranslation('swipe')
  let text: string | null = null
  if (answer?.ok) {
    if (answer.vote === 'like' && answer.profile) text = answer.match ? t('matched', { name: answer.profile.name }) : t('liked', { name: answer.profile.name })
  } else if (answer && answer.error !== 'limit') {
    text = answer.error === 'not_found' ? t('notFound') : t('failed')
  }
  return (
    <p className="swipe__feedback" role="status">
      {text}
    </p>
  )
}

/** A vote button: a plain submit without JavaScript, an instant vote with it. */
function VoteButton({ intent, icon, label, onVote }: { intent: SwipeDirection; icon: string; label: string; onVote: (intent: SwipeDirection) => void }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`swipe__button swipe__button--${intent}`}
      onClick={(event) => {
        event.preventDefault()
        onVote(intent)
      }}
    >
      <span className="swipe__button-icon" aria-hidden="true">
        {icon}
      </span>
      <span>{label}</span>
    </button>
  )
}
