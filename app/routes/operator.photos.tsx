// /operator/photos: the minimal photo-review queue for operators (HTTP Basic auth, see
// requireOperator). It serves the site's pool only; the operator console comes later.
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { operatorHeaders } from '~/modules/admin/headers.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ErrorPage } from '~/components/error-page.tsx'
import { FormAlert } from '~/components/form/fields.tsx'
import { ReviewQueue } from '~/components/photos/review-queue.tsx'
import { requireOperator } from '~/modules/admin/operator.server.ts'
import { OPERATOR_MEDIA_PATH } from '~/modules/media/urls.ts'
import { PHOTO_REJECT_REASONS } from '~/modules/photos/limits.ts'
import { listInspectionQueue, reviewPhoto } from '~/modules/photos/review.server.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import photosCss from '~/styles/photos.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['photos'] }

const ReviewSchema = z.object({
  intent: z.enum(['approve', 'reject']),
  photoId: z.coerce.number().int().positive().max(2_147_483_647),
  reason: z.enum(PHOTO_REJECT_REASONS).default('other'),
})

type Notice = { key: string; values?: Record<string, string>; tone: 'success' | 'danger' }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: photosCss }]

// The Basic challenge of a thrown 401 must reach the browser; never cache operator pages.
export const headers = operatorHeaders

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOperator(request)
  const { db, scope, tenant, t, locale } = context
  const queue = await listInspectionQueue(db, scope)
  return {
    photos: queue.items.map((p) => ({
      id: p.id,
      url: `${OPERATOR_MEDIA_PATH}${p.filename}`,
      thumbUrl: `${OPERATOR_MEDIA_PATH}${p.thumbFilename}`,
      width: p.width,
      height: p.height,
      createdAt: p.createdAt.toISOString(),
      profileId: p.profileId,
      profileName: p.profileName,
    })),
    total: queue.total,
    locale,
    title: t('operator.title', { ns: 'photos' }),
    siteName: tenant.name,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireOperator(request)
  const { db, scope } = context
  const formData = await request.formData()
  const parsed = ReviewSchema.safeParse({ intent: formData.get('intent'), photoId: formData.get('photoId'), reason: formData.get('reason') ?? undefined })
  if (!parsed.success) return data<{ notice: Notice }>({ notice: { key: 'errors.generic', tone: 'danger' } }, { status: 400 })
  const { intent, photoId, reason } = parsed.data
  const result = await reviewPhoto(db, scope, photoId, intent, new Date(), { rejectReason: reason })
  // Already reviewed (a second operator, a double click) or not of this pool: nothing to do.
  if (!result.ok) return data<{ notice: Notice }>({ notice: { key: 'operator.notFound', tone: 'danger' } }, { status: 404 })
  const key = intent === 'approve' ? 'operator.approved' : 'operator.rejected'
  return data<{ notice: Notice }>({ notice: { key, values: { name: result.profileName }, tone: 'success' } })
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ title: pageTitle(data.siteName, data.title) }, { name: 'robots', content: 'noindex' }] : errorMeta({ error, matches })

export default function OperatorPhotos() {
  const { photos, total, locale, title } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('photos')
  return (
    <main className="container section operator-photos">
      <h1>{title}</h1>
      <p className="lead">{t('operator.intro')}</p>
      {actionData?.notice ? <FormAlert tone={actionData.notice.tone}>{t(actionData.notice.key, actionData.notice.values)}</FormAlert> : null}
      <ReviewQueue photos={photos} total={total} locale={locale} />
    </main>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('photos')
  return (
    <main>
      <GeneralErrorBoundary statusHandlers={{ 401: () => <ErrorPage status={401} message={t('operator.loginRequired')} /> }} />
    </main>
  )
}
