import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SignupActionData, SignupView } from '~/modules/accounts/signup-schema.ts'
import { pendingStepOf } from './step-form.tsx'
import { SignupWizard } from './signup-wizard.tsx'

/**
 * The signup steps in a <dialog> (desktop). The view comes from /signup's loader, the steps
 * post to its action through a fetcher. Once step 0 is through, the signup is in progress:
 * no close button, and neither Escape nor a backdrop click closes it (SPEC §2).
 */
export function SignupModal({ search, onClose }: { search: string; onClose: () => void }) {
  const { t } = useTranslation('signup')
  const dialog = useRef<HTMLDialogElement>(null)
  const view = useFetcher<{ view: SignupView }>()
  const steps = useFetcher<SignupActionData>()
  const [started, setStarted] = useState(false)
  const inProgress = started || (steps.data?.step ?? 0) > 0 || steps.state !== 'idle'

  useEffect(() => {
    if ((steps.data?.step ?? 0) > 0) setStarted(true)
  }, [steps.data])

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal()
    // Loaded once per opening; a logged-in member is redirected to /members by the loader.
    view.load(`/signup${search}`)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the modal opens
  }, [])

  const close = () => {
    dialog.current?.close()
    onClose()
  }
  const onBackdrop = (event: React.MouseEvent<HTMLDialogElement>) => {
    if (event.target !== dialog.current || inProgress) return
    const r = dialog.current.getBoundingClientRect()
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom
    if (!inside) close()
  }

  return (
    <dialog
      ref={dialog}
      className="modal signup-modal"
      aria-labelledby="signup-modal-title"
      onCancel={(event) => {
        event.preventDefault()
        if (!inProgress) close()
      }}
      onClick={onBackdrop}
    >
      {!inProgress ? (
        <button type="button" className="signup-modal__close" onClick={close} aria-label={t('close')}>
          ×
        </button>
      ) : null}
      {view.data ? (
        <SignupWizard view={view.data.view} actionData={steps.data} FormComponent={steps.Form} pendingStep={steps.state === 'submitting' ? pendingStepOf(steps.formData) : null} modal />
      ) : (
        <p id="signup-modal-title" className="signup-modal__loading" role="status">
          {t('loading')}
        </p>
      )}
    </dialog>
  )
}
