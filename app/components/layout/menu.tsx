import { useLocation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A drop-down menu (account, language): a `<details>`, so it opens and works without
 * JavaScript and by keyboard (Enter or Space on its summary), that closes as a member
 * expects: on navigation, on Escape (focus back on its summary), and on a tap or focus
 * outside it.
 */
export function Menu({ className, summary, label, children }: { className: string; summary: ReactNode; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    ref.current?.removeAttribute('open')
  }, [location.key])
  useEffect(() => {
    const details = ref.current
    if (!details) return
    const close = () => details.removeAttribute('open')
    const outside = (event: Event) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close()
    }
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return
      close()
      details.querySelector('summary')?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('focusin', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('focusin', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [])
  return (
    <details ref={ref} className={`menu ${className}`}>
      <summary aria-label={label}>{summary}</summary>
      {children}
    </details>
  )
}
