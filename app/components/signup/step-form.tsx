import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FetcherWithComponents } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert } from '~/components/form/fields.tsx'
import { Honeypot } from '~/components/form/honeypot.tsx'
import { DRAFT_FIELDS, type DraftField, type SignupDraft, type SignupStep, type SignupView } from '~/modules/accounts/signup-schema.ts'

/** Remix's <Form> on the page, a fetcher's <Form> in the modal: both post to /signup. */
export type SignupFormComponent = FetcherWithComponents<unknown>['Form']

/** What Conform's getFormProps gives the <form>. */
type FormProps = { id: string; onSubmit: React.FormEventHandler<HTMLFormElement>; noValidate: boolean }

export type StepProps = {
  view: SignupView
  /** A refusal to show at the form: an abuse limit's text, or the generic one. */
  alert?: string
  draft: SignupDraft
  lastResult?: SubmissionResult<string[]>
  FormComponent: SignupFormComponent
  modal: boolean
  Heading: 'h2' | 'h3'
}

export const formId = (step: SignupStep, modal: boolean) => `signup-${modal ? 'modal-' : ''}step-${step}`

/** Steps 3-4 carry the step in the URL too, so the loader lets the new member back in. */
export const stepAction = (step: SignupStep, view: SignupView) => (step >= 3 ? `/signup?step=${step}` : view.action)

/** "Back" skips validation in the browser; the server does not validate it either. */
export function validateUnlessBack<Schema extends z.ZodType>(schema: Schema) {
  type Result = Submission<z.input<Schema>, string[], z.output<Schema>>
  return ({ formData }: { formData: FormData }): Result =>
    formData.get('intent') === 'back' ? (parseWithZod(formData, { schema: z.object({}) }) as unknown as Result) : parseWithZod(formData, { schema })
}

export function StepForm({
  formProps,
  step,
  props,
  own,
  children,
  onChange,
}: {
  formProps: FormProps
  step: SignupStep
  props: StepProps
  own: readonly DraftField[]
  children: ReactNode
  onChange?: React.FormEventHandler<HTMLFormElement>
}) {
  const { FormComponent, draft, modal, view } = props
  return (
    <FormComponent method="post" action={stepAction(step, view)} {...formProps} className="signup-form" onChange={onChange}>
      <input type="hidden" name="step" value={step} />
      {modal ? <input type="hidden" name="modal" value="1" /> : null}
      {DRAFT_FIELDS.filter((f) => !own.includes(f) && draft[f]).map((f) => (
        <input key={f} type="hidden" name={f} value={draft[f]} />
      ))}
      {step > 0 && draft.signupMessage ? <input type="hidden" name="signupMessage" value={draft.signupMessage} /> : null}
      {step < 3 ? <Honeypot /> : null}
      {props.alert ? <FormAlert>{props.alert}</FormAlert> : null}
      {children}
    </FormComponent>
  )
}

export function StepButtons({ submit, back = false }: { submit: string; back?: boolean }) {
  const { t } = useTranslation('signup')
  return (
    <div className="signup-form__buttons">
      {back ? (
        <button type="submit" name="intent" value="back" formNoValidate className="button button--ghost">
          {t('back')}
        </button>
      ) : null}
      <button type="submit" className="button button--primary">
        {submit}
      </button>
    </div>
  )
}

/** The step being posted, for the "creating your account" progress (not for "back"). */
export function pendingStepOf(formData: FormData | undefined): number | null {
  const step = formData?.get('step')
  if (typeof step !== 'string' || formData?.get('intent') === 'back') return null
  return Number(step)
}
