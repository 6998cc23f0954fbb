// /photos on the console host: photos under inspection in the operator's pools, oldest first,
// approved or rejected with a reason (moved from the member hosts' /operator/photos).
// Every decision is audited in its transaction; rejected files go after the commit.
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert } from '~/components/form/fields.tsx'
import { ReviewQueue } from '~/components/photos/review-queue.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { PHOTO_REJECT_REASONS } from '~/modules/photos/limits.ts'
import { afterReviewCommitted, listInspectionQueue, reviewPhotoIn } from '~/modules/photos/review.server.ts'
import photosCss from '~/styles/photos.css?url'

export const handle: I18nHandle = { i18n: ['console', 'photos'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: photosCss }]

export const meta: MetaFunction = () => [{ title: 'Photos' }]

const ReviewSchema = z.object({
  intent: z.enum(['approve', 'reject']),
  photoId: z.coerce.number().int().positive().max(2_147_483_647),
  reason: z.enum(PHOTO_REJECT_REASONS).default('other'),
})

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, locale } = await requireOperator(context, request, { area: 'photos' })
  const queues = await Promise.all(reach.pools.map((poolId) => listInspectionQueue(db, { tenantId: '', poolId })))
  const items = queues.flatMap((q) => q.items).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  return {
    locale,
    total: queues.reduce((n, q) => n + q.total, 0),
    photos: items.map((p) => ({ id: p.id, url: `/media/${p.filename}`, thumbUrl: `/media/${p.thumbFilename}`, width: p.width, height: p.height, createdAt: p.createdAt.toISOString(), profileId: p.profileId, profileName: p.profileName })),
  }
}

type Notice = { key: string; values?: Record<string, string>; tone: 'success' | 'danger' }

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, actor } = await requireOperator(context, request, { area: 'photos' })
  const form = await request.formData()
  const parsed = ReviewSchema.safeParse({ intent: form.get('intent'), photoId: form.get('photoId'), reason: form.get('reason') ?? undefined })
  if (!parsed.success) return data<{ notice: Notice }>({ notice: { key: 'errors.generic', tone: 'danger' } }, { status: 400 })
  const { intent, photoId, reason } = parsed.data
  const outcome = await withOperator(db, async (tx) => {
    // The photo's pool, as far as this operator may see it (another pool's: not found).
    const photo = await tx.photo.findFirst({ where: { id: photoId }, select: { poolId: true } })
    if (!photo) return null
    const scope = { tenantId: '', poolId: photo.poolId }
    const result = await reviewPhotoIn(tx, scope, photoId, intent, new Date(), reason)
    if (result.ok) {
      await auditIn(tx, actor, { action: `photo.${intent}`, poolId: photo.poolId, targetType: 'photo', targetId: photoId, before: { status: 'inspection' }, after: { status: intent === 'approve' ? 'active' : 'rejected', ...(intent === 'reject' ? { reason } : {}), profileId: result.profileId } })
    }
    return { result, scope }
  })
  if (!outcome?.result.ok) return data<{ notice: Notice }>({ notice: { key: 'operator.notFound', tone: 'danger' } }, { status: 404 })
  await afterReviewCommitted(db, outcome.scope, outcome.result.queued)
  return data<{ notice: Notice }>({ notice: { key: intent === 'approve' ? 'operator.approved' : 'operator.rejected', values: { name: outcome.result.profileName }, tone: 'success' } })
}

export default function ConsolePhotos() {
  const { photos, total, locale } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('photos')
  return (
    <div className="operator-photos">
      <h1>{t('operator.title')}</h1>
      <p className="lead">{t('operator.intro')}</p>
      {actionData?.notice ? <FormAlert tone={actionData.notice.tone}>{t(actionData.notice.key, actionData.notice.values)}</FormAlert> : null}
      <ReviewQueue photos={photos} total={total} locale={locale} />
    </div>
  )
}
