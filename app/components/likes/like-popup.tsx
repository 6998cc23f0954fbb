import { Link, useLocation, useNavigate, useRevalidator } from '@remix-run/react'
import { FictionalLabel } from '~/components/profile/fictional-label.tsx'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { likeErrorKey, sendLike } from '~/modules/likes/like-request.ts'
import { clientFetch } from '~/modules/http/client-fetch.ts'
import type { ProfileCard } from '~/modules/profiles/showcase.server.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { useAccount, useAppBadge, useAttention } from '~/components/layout/use-attention.ts'
import { LikePopupContext, type LikePopupApi, type LikePopupRequest } from './like-popup-context.tsx'
import { onServiceWorkerMessage, sendPageHidden, startPush, usePush } from '~/modules/notifications/push-client.ts'

// The like/match pop-up (SPEC §2 alerts and modals, §4 like pop-up, periodic refresh) and
// what feeds it for a logged-in member:
// - live: a 'like' event on /api/events opens it at once;
// - the periodic refresh (SPEC §9: 5 s after load, then every 60 s; 300 s once push is
//   subscribed) fetches /api/likes and opens it for a new like not shown before; it also
//   refreshes the badges when the counts moved;
// - a push message (the service worker's NEW_PUSH_MESSAGE) refreshes user, chats and likes at
//   once; a click on a notification (NEW_PUSH_CLICK) opens its page unless it is open;
// - ?like=auto asks /api/auto-like for a profile (SPEC §7) and reloads the likes 0.5 s later;
//   ?like={id} shows that member's like; ?t={seconds} delays either (SPEC §4).
// Like buttons and the swipe game open it through useLikePopup() for a new match.

export const REFRESH_FIRST_MS = 5_000
export const REFRESH_INTERVAL_MS = 60_000
export const REFRESH_INTERVAL_PUSH_MS = 300_000
export const LIKES_RELOAD_AFTER_AUTO_LIKE_MS = 500
/** Longest delay ?t= may ask for. */
const MAX_DELAY_S = 600

type LikedByEntry = ProfileCard & { like_new: boolean; match: boolean; liked_at: string }
type LikesAnswer = { liked_by: LikedByEntry[]; new_likes: number; now: string }

const SHOWN_KEY = 'likes.shown'
const SHOWN_KEEP = 200

/** Likes already shown in a pop-up in this browser, so a reload does not show them again. */
function shownLikes(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? '[]') as unknown
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

function rememberShown(key: string): void {
  try {
    const list = shownLikes().filter((k) => k !== key)
    list.push(key)
    localStorage.setItem(SHOWN_KEY, JSON.stringify(list.slice(-SHOWN_KEEP)))
  } catch {
    // private mode: the pop-up may show again, nothing worse
  }
}

/**
 * `since` a string (or null for the first time): new likes only, given after `since` (the
 * previous answer's server time), and the count. `since` undefined: the whole list.
 */
async function fetchLikes(since?: string | null): Promise<LikesAnswer | null> {
  try {
    const query = since === undefined ? '' : `?${new URLSearchParams({ new: '1', ...(since ? { since } : {}) })}`
    const response = await clientFetch(`/api/likes${query}`)
    return response.ok ? ((await response.json()) as LikesAnswer) : null
  } catch {
    return null
  }
}

type ChatTotals = { unread_messages: number; new_likes: number; credits: number; paid_user: boolean }

async function fetchChatTotals(): Promise<ChatTotals | null> {
  try {
    const response = await clientFetch('/api/chats?totals=1')
    return response.ok ? ((await response.json()) as ChatTotals) : null
  } catch {
    return null
  }
}

function delayFrom(search: string): number {
  const t = Number(new URLSearchParams(search).get('t'))
  return Number.isFinite(t) && t > 0 ? Math.min(t, MAX_DELAY_S) * 1000 : 0
}

export function LikePopupHost({ children }: { children: ReactNode }) {
  const { member } = useRootData()
  const [queue, setQueue] = useState<LikePopupRequest[]>([])

  const show = useCallback((request: LikePopupRequest) => {
    setQueue((q) => (q.some((r) => r.profile.id === request.profile.id) ? q.map((r) => (r.profile.id === request.profile.id ? request : r)) : [...q, request]))
  }, [])
  const api = useMemo<LikePopupApi>(() => ({ show }), [show])
  const current = member ? (queue[0] ?? null) : null
  const close = useCallback(() => setQueue((q) => q.slice(1)), [])
  const upgrade = useCallback((profile: ProfileCard) => setQueue((q) => [{ kind: 'match', profile }, ...q.slice(1)]), [])

  // The tree around the page stays the same when a member logs in or out (a signup modal
  // must not remount mid-flow); only the feeds and the dialog come and go beside it.
  return (
    <LikePopupContext.Provider value={api}>
      {children}
      {member ? <LikeFeeds show={show} /> : null}
      {current ? <LikePopupDialog key={`${current.kind}-${current.profile.id}`} request={current} onClose={close} onMatch={upgrade} /> : null}
    </LikePopupContext.Provider>
  )
}

/** What opens the pop-up for a logged-in member; renders nothing itself. */
function LikeFeeds({ show }: { show: (request: LikePopupRequest) => void }) {
  const revalidator = useRevalidator()
  const attention = useAttention()
  useAppBadge(attention)
  const location = useLocation()
  const newLikesRef = useRef(attention?.newLikes ?? 0)
  newLikesRef.current = attention?.newLikes ?? 0
  const revalidateRef = useRef(revalidator.revalidate)
  revalidateRef.current = revalidator.revalidate

  // The server's time of the last answer: the next refresh asks only for likes after it.
  const sinceRef = useRef<string | null>(null)
  const refresh = useCallback(async () => {
    const likes = await fetchLikes(sinceRef.current)
    if (!likes) return
    sinceRef.current = likes.now
    if (likes.new_likes !== newLikesRef.current) revalidateRef.current()
    const shown = new Set(shownLikes())
    const fresh = likes.liked_by.filter((l) => l.like_new && !shown.has(`${l.id}@${l.liked_at}`))
    for (const like of fresh.slice(0, 3).reverse()) {
      rememberShown(`${like.id}@${like.liked_at}`)
      show({ kind: like.match ? 'match' : 'like', profile: like })
    }
  }, [show])

  // The periodic refresh also covers chats and the account: the page reloads its data when
  // the unread count, the credits or the premium state moved (a missed live event, another
  // tab, a purchase completed elsewhere).
  const account = useAccount()
  const shownRef = useRef({ unread: 0, credits: 0, paidUser: false })
  shownRef.current = { unread: attention?.unreadMessages ?? 0, credits: account?.credits ?? 0, paidUser: account?.paidUser ?? false }
  const refreshChats = useCallback(async () => {
    const chats = await fetchChatTotals()
    const shown = shownRef.current
    if (chats && (chats.unread_messages !== shown.unread || chats.credits !== shown.credits || chats.paid_user !== shown.paidUser)) revalidateRef.current()
  }, [])

  // Push (SPEC §4, §7): the service worker's messages, and a slower refresh once subscribed.
  const push = usePush()
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  useEffect(
    () =>
      onServiceWorkerMessage((message) => {
        if (message.type === 'NEW_PUSH_MESSAGE') {
          void refresh()
          void refreshChats()
          // The user record (credits, time bonus) comes with the page's data.
          revalidateRef.current()
        } else if (message.type === 'NEW_PUSH_CLICK' && window.location.pathname !== message.checkUrl && message.openUrl.startsWith('/')) {
          navigateRef.current(message.openUrl)
        }
      }),
    [refresh, refreshChats],
  )
  // The service worker and the push state, on every layout a member sees.
  useEffect(() => {
    void startPush()
  }, [])
  // SPEC §7: a beacon when the page becomes hidden (last active; reminders wait for absence).
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') sendPageHidden()
    }
    document.addEventListener('visibilitychange', hidden)
    return () => document.removeEventListener('visibilitychange', hidden)
  }, [])
  const refreshEvery = push.state === 'subscribed' ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS

  // Live events, and the periodic refresh as the safety net.
  useEffect(() => {
    let source: EventSource | null = null
    if (typeof EventSource !== 'undefined') {
      source = new EventSource('/api/events')
      source.addEventListener('like', () => void refresh())
      // Chat (SPEC §4): a message or read marks change the page and the badges; after a
      // lost connection whatever happened meanwhile is fetched again.
      source.addEventListener('message', () => revalidateRef.current())
      source.addEventListener('read', () => revalidateRef.current())
      let lost = false
      source.addEventListener('error', () => {
        lost = true
      })
      source.addEventListener('open', () => {
        if (lost) revalidateRef.current()
        lost = false
      })
    }
    // A tab in the background asks nothing; it catches up as soon as it is shown again.
    const tick = () => {
      if (document.visibilityState !== 'visible') return
      void refresh()
      void refreshChats()
    }
    let interval: ReturnType<typeof setInterval> | undefined
    const first = setTimeout(() => {
      tick()
      interval = setInterval(tick, refreshEvery)
    }, REFRESH_FIRST_MS)
    document.addEventListener('visibilitychange', tick)
    return () => {
      source?.close()
      clearTimeout(first)
      if (interval) clearInterval(interval)
      document.removeEventListener('visibilitychange', tick)
    }
  }, [refresh, refreshChats, refreshEvery])

  // ?like=auto / ?like={id}, optionally delayed by ?t={seconds}.
  const likeParam = new URLSearchParams(location.search).get('like')
  useEffect(() => {
    if (!likeParam) return
    const timer = setTimeout(async () => {
      if (likeParam === 'auto') {
        try {
          const response = await clientFetch('/api/auto-like')
          const body = response.ok ? ((await response.json()) as { profile: ProfileCard | null; match?: boolean }) : null
          if (body?.profile) show({ kind: body.match ? 'match' : 'like', profile: body.profile })
        } catch {
          // no pop-up then
        }
        setTimeout(() => revalidateRef.current(), LIKES_RELOAD_AFTER_AUTO_LIKE_MS)
        return
      }
      const likes = await fetchLikes()
      const like = likes?.liked_by.find((l) => String(l.id) === likeParam)
      if (like) {
        rememberShown(`${like.id}@${like.liked_at}`)
        show({ kind: like.match ? 'match' : 'like', profile: like })
      }
    }, delayFrom(location.search))
    return () => clearTimeout(timer)
  }, [likeParam]) // eslint-disable-line react-hooks/exhaustive-deps -- once per ?like= value

  return null
}

function LikePopupDialog({ request, onClose, onMatch }: { request: LikePopupRequest; onClose: () => void; onMatch: (p: ProfileCard) => void }) {
  const { t } = useTranslation()
  const { settings } = useRootData()
  const revalidator = useRevalidator()
  const ref = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { profile, kind } = request

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  async function likeBack() {
    setBusy(true)
    setError(null)
    const result = await sendLike({ profileId: profile.id, intent: 'like', origin: 'popup' })
    setBusy(false)
    if (!result.ok) {
      setError(t(likeErrorKey(result.error)))
      return
    }
    revalidator.revalidate()
    if (result.match) onMatch(result.profile ?? profile)
    else onClose()
  }

  const headingId = `like-popup-title-${profile.id}`
  return (
    <dialog
      ref={ref}
      className={`modal like-popup like-popup--${kind}`}
      aria-labelledby={headingId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      <div className="like-popup__body">
        <h2 id={headingId} className="like-popup__title">
          {kind === 'match' ? t('likePopup.match') : t('likePopup.newLike')}
        </h2>
        {profile.thumb ? (
          <img className="like-popup__photo" src={profile.thumb} alt="" width={160} height={160} />
        ) : (
          <div className="like-popup__photo like-popup__photo--empty" aria-hidden="true" />
        )}
        <p className="like-popup__name">
          {profile.name}, {profile.age}
        </p>
        {profile.fictional ? <FictionalLabel icon={settings.fictional_icon} label={settings.fictional_singular} warning={settings.fictional_warning} compact /> : null}
        <p>{kind === 'match' ? t('likePopup.matchText', { name: profile.name }) : t('likePopup.likedYou', { name: profile.name })}</p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="like-popup__actions">
          {kind === 'like' ? (
            <>
              <button type="button" className="button button--primary" onClick={likeBack} disabled={busy}>
                {t('likePopup.likeBack')}
              </button>
              <Link to={`/likes/m/${profile.id}`} className="button button--ghost" onClick={onClose}>
                {t('likePopup.viewProfile')}
              </Link>
              <button type="button" className="button button--link" onClick={onClose}>
                {t('likePopup.later')}
              </button>
            </>
          ) : (
            <>
              {/* A match is an invitation to talk (issue 22): the message first, then the profile. */}
              <Link to={`/members/${profile.id}/chat`} className="button button--primary" onClick={onClose}>
                {t('likePopup.sendMessage')}
              </Link>
              <Link to={`/members/${profile.id}`} className="button button--light" onClick={onClose}>
                {t('likePopup.viewProfile')}
              </Link>
              <button type="button" className="button button--ghost" onClick={onClose}>
                {t('likePopup.keepBrowsing')}
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  )
}
