import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShownToast } from '~/modules/http/toast-keys.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'

/** How long a toast stays once the page is interactive; without JavaScript it stays. */
const TOAST_MS = 8000

const ToastContext = createContext<(text: string) => void>(() => {})

/** Shows a message in the toast from the browser (after a fetch that did not navigate). */
export function useToast(): (text: string) => void {
  return useContext(ToastContext)
}

/**
 * The toast of the default layout: what the member's last action did, shown where they are
 * (fixed at the bottom of the viewport), not at the top of a page they scrolled away from.
 * A flashed toast comes with the server render (root data); others from useToast().
 */
export function ToastHost({ children }: { children: ReactNode }) {
  const { toast: flashed } = useRootData()
  const [toast, setToast] = useState<ShownToast | null>(flashed)
  useEffect(() => {
    if (flashed) setToast(flashed)
  }, [flashed])
  useEffect(() => {
    if (!toast) return
    const timer = window.setTimeout(() => setToast(null), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [toast])
  const show = useCallback((text: string) => setToast({ id: `${Date.now()}`, text }), [])
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastView toast={toast} onClose={() => setToast(null)} />
    </ToastContext.Provider>
  )
}

export function ToastView({ toast, onClose }: { toast: ShownToast | null; onClose?: () => void }) {
  const { t } = useTranslation()
  // The live region exists from the start, so screen readers announce what appears in it.
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <div className="toast" key={toast.id} data-testid="toast">
          <span>{toast.text}</span>
          {onClose ? (
            <button type="button" className="toast__close" onClick={onClose} aria-label={t('toast.close')}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
