// Installed-app mode (SPEC §2): the site opened from the home screen (its web manifest's
// start_url carries ?app=1), or shown standalone by the browser. Remembered for the tab, so
// every page of the session behaves as the app: a back button on some pages, another
// footer, no entry warning. Browser-only helpers.
export const APP_MODE_PARAM = 'app'
const APP_MODE_KEY = 'installed-app'

export function isInstalledApp(): boolean {
  if (typeof window === 'undefined') return false
  if (window.matchMedia?.('(display-mode: standalone)').matches) return true
  try {
    if (new URLSearchParams(window.location.search).get(APP_MODE_PARAM) === '1') window.sessionStorage.setItem(APP_MODE_KEY, '1')
    return window.sessionStorage.getItem(APP_MODE_KEY) === '1'
  } catch {
    return false
  }
}

/** SPEC §2: the pages with a back button in the app (members-id, likes-type, likes-m-id, credits, credits-id-paymentmethod). */
const BACK_BUTTON_PAGES = [/^\/members\/\d+$/, /^\/likes\/(?!m\/)[^/]+$/, /^\/likes\/m\/\d+$/, /^\/credits$/, /^\/credits\/(?!repeat-order$)[^/]+(\/[^/]+)?$/]

export function hasBackButton(pathname: string): boolean {
  return BACK_BUTTON_PAGES.some((page) => page.test(pathname))
}
