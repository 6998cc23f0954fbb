import { Form, Link, useLocation } from '@remix-run/react'
import { useId, useRef, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The query parameter that opens a confirmation step without JavaScript. */
export const CONFIRM_PARAM = 'confirm'

type Props = {
  /** Unique on the page, e.g. `block-12`: the value of ?confirm= that opens this step. */
  id: string
  /** The button that asks (its text, classes and accessible name). */
  trigger: ReactNode
  triggerClassName: string
  triggerLabel?: string
  title: string
  text?: string
  confirmLabel: string
  /** Where the confirmed action posts, with its fields. */
  action: string
  fields: Record<string, string>
  /** With JavaScript: do the action in the page instead of posting the form (e.g. by fetch). */
  onConfirm?: () => void | Promise<void>
}

/**
 * A destructive action that asks first (issue #16). With JavaScript the trigger opens a
 * native <dialog>; without, it is a GET form that reloads the page with ?confirm=<id>, and
 * the same question is rendered in place, with the real POST form and a cancel link. Either
 * way cancelling changes nothing.
 */
export function ConfirmAction(props: Props) {
  const { id, trigger, triggerClassName, triggerLabel } = props
  const { pathname, search } = useLocation()
  const dialog = useRef<HTMLDialogElement>(null)
  const params = new URLSearchParams(search)
  if (params.get(CONFIRM_PARAM) === id) {
    params.delete(CONFIRM_PARAM)
    const cancelTo = `${pathname}${params.size > 0 ? `?${params}` : ''}`
    return <ConfirmPanel {...props} inline cancel={{ to: cancelTo }} />
  }
  params.delete(CONFIRM_PARAM)
  const open = (event: FormEvent<HTMLFormElement>) => {
    if (!dialog.current?.showModal) return // no <dialog> support: the confirmation page
    event.preventDefault()
    dialog.current.showModal()
  }
  const close = () => dialog.current?.close()
  return (
    <>
      <form method="get" action={`${pathname}#confirm-${id}`} onSubmit={open} className="confirm-trigger">
        {[...params.entries()].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name={CONFIRM_PARAM} value={id} className={triggerClassName} aria-label={triggerLabel} aria-haspopup="dialog">
          {trigger}
        </button>
      </form>
      <dialog ref={dialog} className="modal confirm" aria-labelledby={`confirm-${id}-title`}>
        <ConfirmPanel {...props} cancel={{ onClick: close }} onDone={close} />
      </dialog>
    </>
  )
}

function ConfirmPanel({
  id,
  title,
  text,
  confirmLabel,
  action,
  fields,
  onConfirm,
  inline = false,
  cancel,
  onDone,
}: Props & { inline?: boolean; cancel: { to: string } | { onClick: () => void }; onDone?: () => void }) {
  const { t } = useTranslation()
  const textId = useId()
  // The in-page step (reached without JavaScript) always posts its form.
  const handler = inline ? undefined : onConfirm
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    if (!handler) {
      onDone?.()
      return
    }
    event.preventDefault()
    onDone?.()
    await handler()
  }
  const body = (
    <>
      <h2 className="confirm__title" id={`confirm-${id}-title`}>
        {title}
      </h2>
      {text ? (
        <p className="confirm__text" id={textId}>
          {text}
        </p>
      ) : null}
      <div className="modal__actions">
        {/* A Remix form: it works as a plain form post without JavaScript. */}
        <Form method="post" action={action} onSubmit={confirm} preventScrollReset reloadDocument={Boolean(onConfirm) || undefined}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--danger">
            {confirmLabel}
          </button>
        </Form>
        {'to' in cancel ? (
          <Link to={cancel.to} className="button button--ghost" preventScrollReset>
            {t('confirm.cancel')}
          </Link>
        ) : (
          <button type="button" className="button button--ghost" onClick={cancel.onClick}>
            {t('confirm.cancel')}
          </button>
        )}
      </div>
    </>
  )
  if (!inline) return body
  return (
    <section className="confirm confirm--inline" id={`confirm-${id}`} role="alertdialog" aria-labelledby={`confirm-${id}-title`} aria-describedby={text ? textId : undefined}>
      {body}
    </section>
  )
}
