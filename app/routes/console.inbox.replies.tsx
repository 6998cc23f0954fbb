// /inbox/replies: saved replies (canned responses) per site and language; `{{profile}}` and
// `{{member}}` are filled in with the names when a chatter picks one (issue #21).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ConsoleField, ConsoleSelect, ConsoleTextArea, Notice } from '~/components/console/field.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { siteScope, withOperator } from '~/modules/operators/scope.server.ts'
import { LOCALES } from '../../tenants/schema.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Saved replies' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach } = await requireOperator(context, request, { area: 'inbox' })
  const rows = await withOperator(db, (tx) => tx.cannedReply.findMany({ orderBy: [{ tenantId: 'asc' }, { language: 'asc' }, { title: 'asc' }], take: 500 }))
  return { replies: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), site: reach.sites.find((s) => s.slug === r.tenantId)?.name ?? r.tenantId })), sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name })), languages: [...LOCALES] }
}

const ReplySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), site: z.string().min(1), language: z.enum(LOCALES), title: z.string().trim().min(1, 'replies.titleRequired').max(80), body: z.string().trim().min(1, 'replies.bodyRequired').max(2000) }),
  z.object({ intent: z.literal('delete'), id: z.coerce.number().int().positive().max(2_147_483_647) }),
])

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor } = await requireOperator(context, request, { area: 'inbox' })
  const form = Object.fromEntries(await request.formData())
  const parsed = ReplySchema.safeParse(form)
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message.startsWith('replies.') ? i.message : 'errors.generic']))
    return data({ ok: false, errors, values: form as Record<string, string> }, { status: 400 })
  }
  const input = parsed.data
  if (input.intent === 'delete') {
    const deleted = await withOperator(db, async (tx) => {
      const row = await tx.cannedReply.findFirst({ where: { id: input.id, tenantId: { in: reach.sites.map((s) => s.slug) } } })
      if (!row) return false
      await tx.cannedReply.delete({ where: { id: row.id } })
      await auditIn(tx, actor, { action: 'inbox.reply_template_delete', tenantId: row.tenantId, targetType: 'canned_reply', targetId: row.id, before: { title: row.title, body: row.body, language: row.language } })
      return true
    })
    return data({ ok: deleted, errors: {}, values: {} }, { status: deleted ? 200 : 404 })
  }
  const scope = siteScope(reach, input.site)
  if (!scope) return data({ ok: false, errors: { site: 'errors.generic' }, values: form as Record<string, string> }, { status: 404 })
  await withOperator(db, async (tx) => {
    const row = await tx.cannedReply.create({ data: { tenantId: scope.tenantId, language: input.language, title: input.title, body: input.body } })
    await auditIn(tx, actor, { action: 'inbox.reply_template_add', tenantId: scope.tenantId, poolId: scope.poolId, targetType: 'canned_reply', targetId: row.id, after: { title: row.title, body: row.body, language: row.language } })
  })
  return data({ ok: true, errors: {}, values: {} })
}

export default function CannedReplies() {
  const { t } = useTranslation('console')
  const { replies, sites, languages } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = (actionData?.errors ?? {}) as Record<string, string>
  const values = (actionData?.values ?? {}) as Record<string, string>
  return (
    <div className="stack">
      <h1>{t('replies.title')}</h1>
      <p className="lead">{t('replies.intro', { profile: '{{profile}}', member: '{{member}}' })}</p>
      {actionData?.ok ? <Notice tone="success">{t('common.saved')}</Notice> : null}
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t('common.site')}</th>
            <th scope="col">{t('common.language')}</th>
            <th scope="col">{t('replies.titleLabel')}</th>
            <th scope="col">{t('replies.bodyLabel')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.delete')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {replies.map((r) => (
            <tr key={r.id}>
              <td>{r.site}</td>
              <td>{r.language}</td>
              <td>{r.title}</td>
              <td>{r.body}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className="button button--small button--light" aria-label={t('replies.deleteNamed', { title: r.title })}>
                    {t('common.delete')}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className="console-card">
        <h2>{t('replies.add')}</h2>
        <input type="hidden" name="intent" value="add" />
        <ConsoleSelect id="reply-site" name="site" label={t('common.site')} defaultValue={values.site ?? sites[0]?.slug} options={sites.map((s) => ({ value: s.slug, label: s.name }))} />
        <ConsoleSelect id="reply-language" name="language" label={t('common.language')} defaultValue={values.language ?? 'nl'} options={languages.map((l) => ({ value: l, label: l }))} />
        <ConsoleField name="title" label={t('replies.titleLabel')} defaultValue={values.title} error={errors.title} maxLength={80} required />
        <ConsoleTextArea name="body" label={t('replies.bodyLabel')} defaultValue={values.body} error={errors.body} maxLength={2000} />
        <button type="submit" className="button button--primary">
          {t('common.save')}
        </button>
      </Form>
    </div>
  )
}
