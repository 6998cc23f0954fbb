// /members/{id}/report: a member reports a profile, or (?message=...) one message of it
// they received (decision 053). A page of its own: works without script, on a phone, by
// keyboard. One open report per reporter and target: a repeat is told it was reported
// already. What the member may not see or report (themselves, another pool's profile, a
// message not theirs) is the site's 404.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormAlert, RadioGroup, TextAreaField } from '~/components/form/fields.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { readScoped, withScope } from '~/modules/db/scoped.server.ts'
import { flashToast } from '~/modules/http/toast.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { publishSafetyChanged } from '~/modules/inbox/events.server.ts'
import { limitHeaders, limitText } from '~/modules/limits/answer.server.ts'
import { reportAllowed } from '~/modules/limits/apply.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { REPORT_NOTE_MAX, REPORT_REASONS, ReportFormSchema } from '~/modules/safety/report-form.ts'
import { reportableMessage, reportableProfile, reportIn } from '~/modules/safety/reports.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['profile'] }

export const headers = limitPageHeaders

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })
const MESSAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const me = member.profile?.id
  const targetId = parseProfileId(params.id)
  if (!me || targetId === null || targetId === me) throw notFound()
  const messageParam = new URL(request.url).searchParams.get('message')
  const messageId = messageParam && MESSAGE_ID.test(messageParam) ? messageParam.toLowerCase() : null
  if (messageParam && !messageId) throw notFound()
  const { reads, scope, tenant } = context
  const found = await readScoped(reads, scope, async (tx) => {
    const message = messageId ? await reportableMessage(tx, scope, me, targetId, messageId) : null
    if (messageId ? !message : !(await reportableProfile(tx, scope, me, targetId))) return null
    const target = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: targetId }, select: { name: true } })
    return target ? { name: target.name, message } : null
  })
  if (!found) throw notFound()
  return {
    targetId,
    name: found.name,
    message: found.message ? { id: found.message.id, body: found.message.body, gift: found.message.gift } : null,
    siteName: tenant.name,
  }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const me = member.profile?.id
  const targetId = parseProfileId(params.id)
  if (!me || targetId === null) throw notFound()
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: ReportFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), limited: null }, { status: 400 })
  const { scope, t } = context
  const allowed = await reportAllowed(scope.tenantId, member.userId, context.clientIp)
  if (!allowed.ok) return data({ result: submission.reply(), limited: limitText(t, allowed.retryAfter) }, { status: 429, headers: limitHeaders(allowed.retryAfter) })
  const { reason, note, message } = submission.value
  const result = await withScope(context.db, scope, (tx) => reportIn(tx, scope, { reporterId: me, targetId, messageId: message?.toLowerCase() ?? null, reason, note: note ? note : null }))
  if (!result.ok) throw notFound()
  // A new report waits for the site's moderators (console /reports); a repeat adds nothing.
  if (result.created) await publishSafetyChanged(scope.tenantId)
  const name = await readScoped(context.reads, scope, async (tx) => (await tx.profile.findFirst({ where: { poolId: scope.poolId, id: targetId }, select: { name: true } }))?.name ?? '')
  await flashToast(context, { key: result.created ? 'reported' : 'alreadyReported', values: { name: name.slice(0, 60) } })
  // Back where the report came from: the chat for a message, else the profile.
  if (message) {
    const conversation = await readScoped(context.reads, scope, (tx) => tx.message.findFirst({ where: { poolId: scope.poolId, id: message.toLowerCase() }, select: { conversationId: true } }))
    if (conversation) return redirect(`/chats/${conversation.conversationId}`)
  }
  return redirect(`/members/${targetId}`)
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [{ name: 'robots', content: 'noindex' }, { title: pageTitle(data.siteName, data.name, attentionOf(matches)) }] : []

export default function ReportPage() {
  const { targetId, name, message } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('profile')
  const [form, fields] = useForm({
    id: 'report',
    lastResult: actionData?.result,
    constraint: getZodConstraint(ReportFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReportFormSchema }),
  })
  return (
    <section className="container section narrow report-page" aria-labelledby="report-title">
      <h1 id="report-title">{message ? t('report.titleMessage', { name }) : t('report.title', { name })}</h1>
      <p>{t('report.intro')}</p>
      {message ? (
        <blockquote className="card report-page__message" data-testid="report-message">
          {message.gift ? t('report.giftMessage') : message.body}
        </blockquote>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card stack">
        {actionData?.limited ? <FormAlert>{actionData.limited}</FormAlert> : null}
        {message ? <input type="hidden" name="message" value={message.id} /> : null}
        <RadioGroup meta={fields.reason} legend={t('report.reason')} options={REPORT_REASONS.map((r) => ({ value: r, label: t(`report.reasons.${r}`) }))} />
        <TextAreaField meta={fields.note} label={t('report.note', { max: REPORT_NOTE_MAX })} maxLength={REPORT_NOTE_MAX} />
        <p className="field-hint">{t('report.privacy', { name })}</p>
        <div className="report-page__actions">
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {t('report.submit')}
          </button>
          <Link to={`/members/${targetId}`} className="button button--ghost">
            {t('report.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
