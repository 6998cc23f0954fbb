import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert, RadioGroup, TextAreaField, TextField } from '~/components/form/fields.tsx'
import { listBlocked, unblockMember } from '~/modules/accounts/blocks.server.ts'
import { deleteAccount } from '~/modules/accounts/deletion.server.ts'
import { DELETE_REASONS, DELETE_REMARKS_MAX, type DeleteReason } from '~/modules/accounts/deletion-rules.ts'
import { requestEmailChange } from '~/modules/accounts/email-change.server.ts'
import { EmailSchema, PasswordSchema } from '~/modules/accounts/fields.ts'
import { setInvisible } from '~/modules/accounts/invisible.server.ts'
import { changePassword } from '~/modules/accounts/password-change.server.ts'
import { sendPasswordChangedNotice } from '~/modules/accounts/security-notice.server.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/modules/accounts/password-rules.ts'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { clearSessionCookie } from '~/modules/auth/session.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { deleteDiscountOffer } from '~/modules/payments/availability.ts'
import { issueStayCode } from '~/modules/payments/discounts.server.ts'
import { limitHeaders, retryMinutes } from '~/modules/limits/answer.server.ts'
import { consumeAll } from '~/modules/limits/limiter.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { siteLink } from '~/modules/mail/send.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import settingsCss from '~/styles/settings.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['settings'] }

// SPEC §2 settings: e-mail, password, invisible mode (§4), blocked members (§4) and account
// deletion (§3 reasons). Each section is its own form with a hidden `intent`; one action.

const CurrentPassword = z.string({ error: 'validation.passwordRequired' }).max(PASSWORD_MAX_LENGTH, 'settings:errors.currentPasswordWrong')

const EmailChangeSchema = z.object({ newEmail: EmailSchema, password: CurrentPassword })

const PasswordChangeSchema = z
  .object({ oldPassword: CurrentPassword, newPassword: PasswordSchema, confirmPassword: z.string({ error: 'validation.passwordRequired' }) })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordsNotEqual' })
  })

function deleteSchemaFor(reasons: readonly string[]) {
  return z.object({
    reason: z.string({ error: 'validation.choose' }).refine((r) => reasons.includes(r), 'validation.choose'),
    remarks: z.string().trim().max(DELETE_REMARKS_MAX, 'settings:delete.remarksTooLong').optional(),
    password: CurrentPassword,
  })
}

const SECRET_FIELDS = ['password', 'oldPassword', 'newPassword', 'confirmPassword']
const INTENTS = ['email', 'password', 'invisible', 'unblock', 'delete', 'stay'] as const
type Intent = (typeof INTENTS)[number]

type Notice = { key: string; values?: Record<string, string | number>; tone: 'success' | 'danger' }
type ActionResult = { intent: Intent | null; result?: SubmissionResult<string[]>; notice?: Notice }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: settingsCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, t } = context
  const profile = member.profile
  const blocked = profile ? await withScope(db, scope, (tx) => listBlocked(tx, scope, profile.id)) : []
  return {
    email: member.email,
    invisible: profile?.invisible ?? null,
    blocked: blocked.map((b) => ({ profileId: b.profileId, name: b.name })),
    reasons: DELETE_REASONS,
    // Offered only once a purchase can honour it (payments, #9). The code itself is issued
    // only when the member takes the offer in the delete form (intent 'stay', decision 040).
    deleteDiscount: deleteDiscountOffer(tenant),
    title: t('title', { ns: 'settings' }),
    siteName: tenant.name,
  }
}

// A 429 page keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope } = context
  const formData = await request.formData()
  const intent = INTENTS.find((i) => i === formData.get('intent')) ?? null
  const reply = (body: ActionResult, status = 200) => data<ActionResult>(body, { status })
  const limited = (intent: Intent, result: SubmissionResult<string[]>, retryAfter: number) =>
    data<ActionResult>({ intent, result, notice: { key: 'common:limits.tooMany', values: { minutes: retryMinutes(retryAfter) }, tone: 'danger' } }, { status: 429, headers: limitHeaders(retryAfter) })
  const locked = (minutes: number): Notice => ({ key: 'errors.tooManyAttempts', values: { minutes }, tone: 'danger' })
  const mail = { db, scope, tenant: context.tenant, theme: context.theme, t: context.t }

  switch (intent) {
    case 'email': {
      const submission = parseWithZod(formData, { schema: EmailChangeSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, 400)
      const { newEmail, password } = submission.value
      const allowed = await consumeAll([
        ['email_change_account', `${scope.tenantId}:${member.userId}`],
        ['email_change_ip', context.clientIp || 'unknown'],
      ])
      if (!allowed.ok) return limited(intent, submission.reply({ hideFields: SECRET_FIELDS }), allowed.retryAfter)
      const outcome = await requestEmailChange(mail, {
        userId: member.userId,
        newEmail,
        password,
        linkFor: (token) => siteLink(context.tenant, request, `/mail-change/do?token=${token}`),
      })
      if (outcome.ok) return reply({ intent, result: submission.reply({ resetForm: true }), notice: { key: 'email.sent', values: { email: newEmail }, tone: 'success' } })
      if (outcome.error === 'locked') return reply({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), notice: locked(outcome.minutes) }, 429)
      if (outcome.error === 'limited') return limited(intent, submission.reply({ hideFields: SECRET_FIELDS }), outcome.retryAfter)
      return reply({ intent, result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.error] }, hideFields: SECRET_FIELDS }) }, 400)
    }
    case 'password': {
      const submission = parseWithZod(formData, { schema: PasswordChangeSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, 400)
      const { oldPassword, newPassword } = submission.value
      const outcome = await changePassword(db, scope, { userId: member.userId, sessionId: member.sessionId, oldPassword, newPassword })
      if (outcome.ok) {
        await sendPasswordChangedNotice(mail, { userId: member.userId, resetLink: siteLink(context.tenant, request, '/reset-password') })
        return reply({ intent, result: submission.reply({ resetForm: true }), notice: { key: 'password.done', tone: 'success' } })
      }
      if (outcome.reason === 'locked') return reply({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), notice: locked(outcome.minutes) }, 429)
      return reply({ intent, result: submission.reply({ fieldErrors: { oldPassword: ['validation.oldPasswordWrong'] }, hideFields: SECRET_FIELDS }) }, 400)
    }
    case 'invisible': {
      const invisible = formData.get('invisible') === 'on'
      await setInvisible(db, scope, member.userId, invisible)
      return reply({ intent, notice: { key: invisible ? 'invisible.on' : 'invisible.off', tone: 'success' } })
    }
    case 'unblock': {
      const profileId = z.coerce.number().int().positive().max(2_147_483_647).safeParse(formData.get('profileId'))
      if (!profileId.success || !member.profile) return reply({ intent, notice: { key: 'validation.generic', tone: 'danger' } }, 400)
      const ownId = member.profile.id
      // Only a member of the own block list: any other id is "not found", without a name.
      const removed = await withScope(db, scope, (tx) => unblockMember(tx, scope, ownId, profileId.data))
      if (!removed) return reply({ intent, notice: { key: 'blocked.notFound', tone: 'danger' } }, 404)
      return reply({ intent, notice: { key: 'blocked.unblocked', values: { name: removed.name }, tone: 'success' } })
    }
    case 'stay': {
      // The delete form's offer: a code of this member alone, issued now, honoured once.
      const percent = deleteDiscountOffer(context.tenant)
      if (percent <= 0) return reply({ intent, notice: { key: 'validation.generic', tone: 'danger' } }, 400)
      const code = await withScope(db, scope, (tx) => issueStayCode(tx, scope, member.userId, percent))
      return redirect(`/credits?code=${encodeURIComponent(code)}`)
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: deleteSchemaFor(DELETE_REASONS) })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, 400)
      const { reason, remarks, password } = submission.value
      const outcome = await deleteAccount(mail, {
        userId: member.userId,
        password,
        reason: reason as DeleteReason,
        remarks,
        linkFor: (token) => siteLink(context.tenant, request, `/reactivate?token=${token}`),
      })
      if (outcome.ok) return redirect('/account-deleted', { headers: { 'Set-Cookie': clearSessionCookie() } })
      if (outcome.reason === 'locked') return reply({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), notice: locked(outcome.minutes) }, 429)
      return reply({ intent, result: submission.reply({ fieldErrors: { password: ['settings:errors.currentPasswordWrong'] }, hideFields: SECRET_FIELDS }) }, 400)
    }
    default:
      return reply({ intent: null, notice: { key: 'validation.generic', tone: 'danger' } }, 400)
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Settings() {
  const { email, invisible, blocked, reasons, deleteDiscount, title } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('settings')
  const forIntent = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined)
  return (
    <div className="container section narrow settings">
      <h1>{title}</h1>
      {actionData && actionData.intent === null ? <NoticeAlert notice={actionData.notice} /> : null}
      <EmailSection email={email} state={forIntent('email')} />
      <PasswordSection state={forIntent('password')} />
      {invisible !== null ? <InvisibleSection invisible={invisible} state={forIntent('invisible')} /> : null}
      {invisible !== null ? (
        <section className="card settings__section" aria-labelledby="settings-blocked">
          <h2 id="settings-blocked">{t('blocked.heading')}</h2>
          <p className="muted">{t('blocked.explanation')}</p>
          <NoticeAlert notice={forIntent('unblock')?.notice} />
          {blocked.length === 0 ? (
            <p>{t('blocked.empty')}</p>
          ) : (
            <ul className="settings__blocked">
              {blocked.map((b) => (
                <li key={b.profileId}>
                  <span>{b.name}</span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="unblock" />
                    <input type="hidden" name="profileId" value={b.profileId} />
                    <button type="submit" className="button button--ghost" aria-label={t('blocked.unblockLabel', { name: b.name })}>
                      {t('blocked.unblock')}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <DeleteSection reasons={reasons} deleteDiscount={deleteDiscount} state={forIntent('delete')} />
    </div>
  )
}

type SectionState = ActionResult | undefined

function NoticeAlert({ notice }: { notice?: Notice }) {
  const { t } = useTranslation('settings')
  if (!notice) return null
  // Keys of this namespace, or `validation.*` of common.
  const text = notice.key.startsWith('validation.') ? t(notice.key, { ns: 'common' }) : t(notice.key, notice.values)
  return <FormAlert tone={notice.tone}>{text}</FormAlert>
}

function EmailSection({ email, state }: { email: string; state: SectionState }) {
  const { t } = useTranslation('settings')
  const [form, fields] = useForm({
    id: 'settings-email',
    lastResult: state?.result,
    constraint: getZodConstraint(EmailChangeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeSchema }),
  })
  return (
    <section className="card settings__section" aria-labelledby="settings-email-heading">
      <h2 id="settings-email-heading">{t('email.heading')}</h2>
      <p>{t('email.current', { email })}</p>
      <NoticeAlert notice={state?.notice} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="email" />
        <TextField meta={fields.newEmail} label={t('email.newEmail')} type="email" autoComplete="email" />
        <TextField meta={fields.password} label={t('email.password')} type="password" autoComplete="current-password" />
        <SubmitButton intent="email">{t('email.submit')}</SubmitButton>
      </Form>
    </section>
  )
}

function PasswordSection({ state }: { state: SectionState }) {
  const { t } = useTranslation('settings')
  const [form, fields] = useForm({
    id: 'settings-password',
    lastResult: state?.result,
    constraint: getZodConstraint(PasswordChangeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeSchema }),
  })
  return (
    <section className="card settings__section" aria-labelledby="settings-password-heading">
      <h2 id="settings-password-heading">{t('password.heading')}</h2>
      <NoticeAlert notice={state?.notice} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <TextField meta={fields.oldPassword} label={t('password.old')} type="password" autoComplete="current-password" />
        <TextField meta={fields.newPassword} label={t('password.new')} type="password" autoComplete="new-password" hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })} />
        <TextField meta={fields.confirmPassword} label={t('password.repeat')} type="password" autoComplete="new-password" />
        <SubmitButton intent="password">{t('password.submit')}</SubmitButton>
      </Form>
    </section>
  )
}

function InvisibleSection({ invisible, state }: { invisible: boolean; state: SectionState }) {
  const { t } = useTranslation('settings')
  return (
    <section className="card settings__section" aria-labelledby="settings-invisible-heading">
      <h2 id="settings-invisible-heading">{t('invisible.heading')}</h2>
      <p className="muted" id="settings-invisible-explanation">
        {t('invisible.explanation')}
      </p>
      <NoticeAlert notice={state?.notice} />
      <Form method="post">
        <input type="hidden" name="intent" value="invisible" />
        <label className="choice">
          {/* Keyed by the stored value, so the box follows it after a save. */}
          <input key={String(invisible)} type="checkbox" name="invisible" defaultChecked={invisible} aria-describedby="settings-invisible-explanation" />
          <span>{t('invisible.label')}</span>
        </label>
        <SubmitButton intent="invisible">{t('invisible.submit')}</SubmitButton>
      </Form>
    </section>
  )
}

function DeleteSection({ reasons, deleteDiscount, state }: { reasons: readonly string[]; deleteDiscount: number; state: SectionState }) {
  const { t } = useTranslation('settings')
  const schema = deleteSchemaFor(reasons)
  const [form, fields] = useForm({
    id: 'settings-delete',
    lastResult: state?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return (
    <section className="card settings__section settings__section--danger" aria-labelledby="settings-delete-heading">
      <h2 id="settings-delete-heading">{t('delete.heading')}</h2>
      <p>{t('delete.intro')}</p>
      <NoticeAlert notice={state?.notice} />
      {deleteDiscount > 0 ? (
        <aside className="settings__offer" aria-labelledby="settings-offer-heading">
          <h3 id="settings-offer-heading">{t('delete.offerTitle')}</h3>
          <p>{t('delete.offer', { percent: deleteDiscount })}</p>
          {/* The code is issued only now, for this member (decision 040). */}
          <Form method="post">
            <input type="hidden" name="intent" value="stay" />
            <button type="submit" className="button button--primary" data-testid="stay-offer">
              {t('delete.offerLink')}
            </button>
          </Form>
        </aside>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="delete" />
        <RadioGroup meta={fields.reason} legend={t('delete.reason')} options={reasons.map((r) => ({ value: r, label: t(`delete.reasons.${r}`) }))} />
        <TextAreaField meta={fields.remarks} label={t('delete.remarks')} maxLength={DELETE_REMARKS_MAX} />
        <TextField meta={fields.password} label={t('delete.password')} type="password" autoComplete="current-password" />
        <SubmitButton intent="delete" danger>
          {t('delete.submit')}
        </SubmitButton>
      </Form>
    </section>
  )
}

function SubmitButton({ intent, danger, children }: { intent: Intent; danger?: boolean; children: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <button type="submit" className={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={busy} aria-busy={busy || undefined}>
      {children}
    </button>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
