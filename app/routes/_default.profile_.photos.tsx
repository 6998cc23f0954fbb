// /profile/photos: the member's photos (upload, main photo, order, private, delete).
// The file name's `profile_` keeps this page out of /profile's layout: it is its own page.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert } from '~/components/form/fields.tsx'
import { PhotoGrid, type PhotoIntent } from '~/components/photos/photo-grid.tsx'
import { PhotoUploader } from '~/components/photos/photo-uploader.tsx'
import { MESSAGE_VALUES } from '~/components/photos/upload-outcomes.tsx'
import { requireMember, safeRedirect } from '~/modules/auth/guards.server.ts'
import { originOf } from '~/modules/http/safe-redirect.ts'
import type { Db } from '~/modules/db/client.server.ts'
import type { Scope } from '~/modules/db/scoped.server.ts'
import { invariantResponse } from '~/modules/http/invariant.ts'
import { photoUrls } from '~/modules/media/urls.ts'
import type { UploadOutcome } from '~/modules/photos/limits.ts'
import { deletePhoto, movePhoto, setMainPhoto, setPhotoPrivate, type ManageResult } from '~/modules/photos/manage.server.ts'
import { listOwnPhotos } from '~/modules/photos/photos.server.ts'
import { isMultipart, readUploadForm } from '~/modules/photos/upload-form.server.ts'
import { uploadPhotos } from '~/modules/photos/upload.server.ts'
import { limitHeaders } from '~/modules/limits/answer.server.ts'
import { uploadAllowed } from '~/modules/limits/apply.server.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { flashToast } from '~/modules/http/toast.server.ts'
import { CONFIRM_PARAM } from '~/components/confirm/confirm-action.tsx'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import photosCss from '~/styles/photos.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['photos'] }

type Notice = { key: string; tone: 'success' | 'danger' }
type ActionResult = { outcomes?: UploadOutcome[]; notice?: Notice; redirectTo?: string }

const MANAGE_INTENTS = ['setMain', 'up', 'down', 'private', 'public', 'delete'] as const satisfies readonly PhotoIntent[]
const ManageSchema = z.object({ intent: z.enum(MANAGE_INTENTS), photoId: z.coerce.number().int().positive().max(2_147_483_647) })

const DONE: Record<PhotoIntent, string> = {
  setMain: 'notices.mainSet',
  up: 'notices.moved',
  down: 'notices.moved',
  private: 'notices.privateOn',
  public: 'notices.privateOff',
  delete: 'notices.deleted',
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: photosCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  invariantResponse(member.profile, 'Not found', { status: 404 })
  const { db, scope, tenant, t } = context
  const own = await listOwnPhotos(db, scope, member.profile.id)
  const returnTo = new URL(request.url).searchParams.get('redirectTo')
  return {
    photos: own.photos.map((p) => ({
      id: p.id,
      ...photoUrls(tenant.cdnPrefix, p, { own: true }),
      status: p.status,
      isMain: p.isMain,
      isPrivate: p.isPrivate,
      rejectReason: p.status === 'rejected' ? (p.rejectReason ?? 'other') : null,
    })),
    count: own.count,
    limit: own.limit,
    paidUser: member.paidUser,
    returnTo: returnTo ? safeRedirect(returnTo, '', originOf(request)) || null : null,
    title: t('title', { ns: 'photos' }),
    siteName: tenant.name,
  }
}

// A 429 page keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  invariantResponse(member.profile, 'Not found', { status: 404 })
  const { db, scope } = context
  const profileId = member.profile.id
  const reply = (body: ActionResult, status = 200) => data<ActionResult>(body, { status })

  if (isMultipart(request)) {
    const form = await readUploadForm(request)
    if (!form.ok) return reply({ notice: { key: `errors.${form.reason}`, tone: 'danger' } }, 400)
    const redirectTo = form.fields.get('redirectTo')
    const back = typeof redirectTo === 'string' ? safeRedirect(redirectTo, '', originOf(request)) || undefined : undefined
    if (form.files.length === 0) return reply({ notice: { key: 'errors.noFiles', tone: 'danger' }, redirectTo: back }, 400)
    // Abuse limits (per account and IP, a point per file): every file answered, none kept.
    const allowed = await uploadAllowed(scope.tenantId, member.userId, context.clientIp, form.files.length)
    if (!allowed.ok) {
      const refused = form.files.map((f): UploadOutcome => ({ name: f.name, ok: false, error: 'tooManyUploads' }))
      return data<ActionResult>({ outcomes: refused, redirectTo: back }, { status: 429, headers: limitHeaders(allowed.retryAfter) })
    }
    const outcomes = await uploadPhotos(db, scope, form.files, { profileId })
    const allDone = outcomes.every((o) => o.ok)
    // Replacing a rejected photo: the new one is in, so the old one goes.
    const replaced = ManageSchema.shape.photoId.safeParse(form.fields.get('replace'))
    if (allDone && replaced.success) await deletePhoto(db, scope, profileId, replaced.data)
    // Without JavaScript, a fully successful upload from another page goes back there.
    if (allDone && back && request.headers.get('x-requested-with') !== 'XMLHttpRequest') {
      throw redirect(`${back}${back.includes('?') ? '&' : '?'}uploaded=${outcomes.length}`)
    }
    return reply({ outcomes, redirectTo: back }, allDone ? 200 : 400)
  }

  const formData = await request.formData()
  if (formData.get('intent') === 'upload') return reply({ notice: { key: 'errors.noFiles', tone: 'danger' } }, 400)
  const parsed = ManageSchema.safeParse({ intent: formData.get('intent'), photoId: formData.get('photoId') })
  if (!parsed.success) return reply({ notice: { key: 'errors.generic', tone: 'danger' } }, 400)
  const { intent, photoId } = parsed.data
  const result = await manage(intent, { db, scope, profileId, photoId })
  // Someone else's photo, or one that is gone: the same answer.
  invariantResponse(result.ok || result.reason !== 'notFound', 'Not found', { status: 404 })
  if (!result.ok) return reply({ notice: { key: `errors.${result.reason}`, tone: 'danger' } }, 400)
  if (intent === 'delete') {
    // Confirmed in a dialog or (without JavaScript) a step of this page: the toast says it
    // where the member is, and the page comes back without the confirmation step.
    await flashToast(context, { key: 'photoDeleted' })
    const here = new URL(request.url)
    here.searchParams.delete(CONFIRM_PARAM)
    throw redirect(`${here.pathname}${here.search}`)
  }
  return reply({ notice: { key: DONE[intent], tone: 'success' } })
}

type ManageArgs = { db: Db; scope: Scope; profileId: number; photoId: number }

function manage(intent: PhotoIntent, { db, scope, profileId, photoId }: ManageArgs): Promise<ManageResult> {
  switch (intent) {
    case 'setMain':
      return setMainPhoto(db, scope, profileId, photoId)
    case 'up':
    case 'down':
      return movePhoto(db, scope, profileId, photoId, intent)
    case 'private':
    case 'public':
      return setPhotoPrivate(db, scope, profileId, photoId, intent === 'private')
    case 'delete':
      return deletePhoto(db, scope, profileId, photoId)
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function ProfilePhotos() {
  const { photos, count, limit, paidUser, returnTo, title } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const revalidator = useRevalidator()
  const { t } = useTranslation('photos')
  const back = actionData?.redirectTo ?? returnTo
  return (
    <div className="container section photos-page">
      <h1>{title}</h1>
      <p className="lead">{t('intro')}</p>
      {back ? (
        <p>
          <Link to={back} className="button button--ghost">
            {t('backToSignup')}
          </Link>
        </p>
      ) : null}
      {actionData?.notice ? <FormAlert tone={actionData.notice.tone}>{t(actionData.notice.key, MESSAGE_VALUES)}</FormAlert> : null}
      <section className="card photos-page__upload" aria-labelledby="photos-upload-heading">
        <h2 id="photos-upload-heading">{t('upload.heading')}</h2>
        <p className="photos-page__count">{t('count', { photos: count, limit })}</p>
        {!paidUser ? (
          <p className="muted">
            {t('premiumHint', MESSAGE_VALUES)} <Link to="/pricing">{t('premiumLink')}</Link>
          </p>
        ) : null}
        <PhotoUploader serverOutcomes={actionData?.outcomes} redirectTo={back ?? undefined} onUploaded={() => revalidator.revalidate()} />
      </section>
      <section className="photos-page__list" aria-labelledby="photos-list-heading">
        <h2 id="photos-list-heading">{t('listHeading')}</h2>
        <p className="muted">{t('inspectionHint')}</p>
        <PhotoGrid photos={photos} />
      </section>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
