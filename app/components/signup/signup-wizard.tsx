import { useTranslation } from 'react-i18next'
import type { SignupActionData, SignupStep, SignupView } from '~/modules/accounts/signup-schema.ts'
import { CreatingProgress } from './creating-progress.tsx'
import { InviteOnly } from './invite-only.tsx'
import { StepAboutMe } from './step-about-me.tsx'
import { StepAboutYou } from './step-about-you.tsx'
import { StepAccount } from './step-account.tsx'
import { StepPlace } from './step-place.tsx'
import { StepPhoto } from './step-photo.tsx'
import type { SignupFormComponent, StepProps } from './step-form.tsx'

const TOTAL_STEPS = 5

/**
 * The signup steps 0-4, rendered from the last answer of /signup's action. The same
 * component serves the page (Remix <Form>, works without JavaScript) and the desktop modal
 * (a fetcher's <Form>).
 */
export function SignupWizard({
  view,
  actionData,
  FormComponent,
  pendingStep,
  modal = false,
}: {
  view: SignupView
  actionData: SignupActionData | undefined
  FormComponent: SignupFormComponent
  pendingStep: number | null
  modal?: boolean
}) {
  const { t } = useTranslation('signup')
  const { t: tc } = useTranslation('common')
  const Title = modal ? 'h2' : 'h1'
  const titleId = modal ? 'signup-modal-title' : 'signup-title'
  if (!view.allowed || actionData?.notice === 'inviteOnly') {
    return (
      <section className="signup" aria-labelledby={titleId}>
        <Title id={titleId}>{t('title')}</Title>
        <InviteOnly siteName={view.siteName} />
      </section>
    )
  }
  const step: SignupStep = actionData?.step ?? view.initialStep
  const props: StepProps = {
    view,
    draft: actionData?.draft ?? {},
    lastResult: actionData?.result,
    alert: actionData?.limited ?? (actionData?.notice === 'refused' ? tc('validation.generic') : undefined),
    FormComponent,
    modal,
    Heading: modal ? 'h3' : 'h2',
  }
  return (
    <section className="signup" aria-labelledby={titleId}>
      <Title id={titleId}>{t('title')}</Title>
      <p className="signup__counter">{t('stepCounter', { current: step + 1, total: TOTAL_STEPS })}</p>
      <div className="signup__bar" aria-hidden="true">
        <span style={{ width: `${((step + 1) / TOTAL_STEPS) * 100}%` }} />
      </div>
      <div className="signup__body card" aria-busy={pendingStep !== null}>
        {step === 0 ? <StepAboutYou key="0" {...props} /> : null}
        {step === 1 ? <StepPlace key="1" {...props} /> : null}
        {step === 2 ? <StepAccount key="2" {...props} reactivationSent={actionData?.notice === 'reactivationSent'} /> : null}
        {step === 3 ? <StepPhoto key="3" {...props} /> : null}
        {step === 4 ? <StepAboutMe key="4" {...props} /> : null}
        {pendingStep === 2 ? <CreatingProgress /> : null}
      </div>
    </section>
  )
}
