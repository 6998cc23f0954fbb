// SPEC §4/§9: a page reload that repairs something (a chunk that failed to load after a
// deploy, a session that ended elsewhere) happens at most once per 60 s, so a lasting
// failure can never loop. The last reload's time is kept in sessionStorage (per tab).
export const RELOAD_GUARD_MS = 60_000

/** True (and remembered) when no guarded reload of `key` happened in the last 60 s. */
export function allowReload(key: string, now = Date.now()): boolean {
  const item = `reload-guard:${key}`
  try {
    const last = Number(window.sessionStorage.getItem(item) ?? 0)
    if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS && now >= last) return false
    window.sessionStorage.setItem(item, String(now))
    return true
  } catch {
    // No storage (private mode, blocked): no proof a reload did not just happen; none.
    return false
  }
}

/** Whether an error is a failed load of a script chunk (a dynamic import). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch dynamically imported/i.test(message)
}

declare global {
  interface Window {
    /** Asked by Remix's route-module loader before it reloads (patches/@remix-run+react+2.17.5.patch, applied by patch-package at postinstall). */
    __chunkReloadAllowed?: () => boolean
  }
}

/** Installs the guard Remix asks, and reloads for chunk failures outside Remix (React.lazy). */
export function installChunkReloadGuard(): void {
  window.__chunkReloadAllowed = () => allowReload('chunk')
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && allowReload('chunk')) window.location.reload()
  })
}
