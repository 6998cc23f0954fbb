// The browser's side of web push (SPEC §3 push state, §4, §7): registers /sw.js, knows the
// push state (unknown, subscribed, denied), subscribes with the site's VAPID public key and
// stores the subscription (POST /api/user?push=1), and hands the service worker's messages
// (NEW_PUSH_MESSAGE, NEW_PUSH_CLICK) to whoever listens. One store per page.
import { useSyncExternalStore } from 'react'
import type { PushPayload, PushState, ServiceWorkerMessage } from './kinds.ts'

export type PushSnapshot = { capable: boolean; state: PushState; lastMessage: PushPayload | null }

const SERVER: PushSnapshot = { capable: false, state: 'unknown', lastMessage: null }
let snapshot: PushSnapshot = SERVER
const listeners = new Set<() => void>()
const messageHandlers = new Set<(message: ServiceWorkerMessage) => void>()
let started: Promise<ServiceWorkerRegistration | null> | null = null

function set(next: Partial<PushSnapshot>) {
  snapshot = { ...snapshot, ...next }
  for (const l of listeners) l()
}

export function usePush(): PushSnapshot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => snapshot,
    () => SERVER,
  )
}

export function onServiceWorkerMessage(handler: (message: ServiceWorkerMessage) => void): () => void {
  messageHandlers.add(handler)
  return () => messageHandlers.delete(handler)
}

function isCapable(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** Registers the service worker once per page (logged-in members) and reads the push state. */
export function startPush(): Promise<ServiceWorkerRegistration | null> {
  started ??= (async () => {
    if (!isCapable()) return null
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as Partial<ServiceWorkerMessage> | null
      if (data?.type === 'NEW_PUSH_MESSAGE') {
        set({ lastMessage: data.payload ?? null })
        document.documentElement.dataset.pushMessages = String(Number(document.documentElement.dataset.pushMessages ?? 0) + 1)
      }
      if (data?.type === 'NEW_PUSH_MESSAGE' || data?.type === 'NEW_PUSH_CLICK') for (const h of messageHandlers) h(data as ServiceWorkerMessage)
    })
    try {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
      const subscription = await registration.pushManager.getSubscription()
      set({ capable: true, state: Notification.permission === 'denied' ? 'denied' : subscription ? 'subscribed' : 'unknown' })
      // A subscription the browser has but the server may not (another login on this browser): store it again.
      if (subscription) void storeSubscription(subscription)
      return registration
    } catch {
      return null
    }
  })()
  return started
}

async function storeSubscription(subscription: PushSubscription | PushSubscriptionJSON): Promise<boolean> {
  const body = 'toJSON' in subscription ? subscription.toJSON() : subscription
  const response = await fetch('/api/user?push=1', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Request-Type': 'client' },
    body: JSON.stringify({ subscription: body }),
  }).catch(() => null)
  return response?.ok === true
}

/** Asks the browser for permission, subscribes and stores the subscription. */
export async function enablePush(publicKey: string | null): Promise<PushState> {
  const registration = await startPush()
  if (!registration || !publicKey) return snapshot.state
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') {
    set({ state: permission === 'denied' ? 'denied' : 'unknown' })
    return snapshot.state
  }
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }))
    set({ state: (await storeSubscription(subscription)) ? 'subscribed' : 'unknown' })
  } catch {
    // No push service reachable (offline, blocked): nothing changes.
  }
  return snapshot.state
}

/** SPEC §7 page-hidden beacon: the server records when the member left the page. */
export function sendPageHidden(): void {
  void fetch('/api/page-hidden', { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(() => undefined)
}
