// /profiles/{id} on the console host: one fictional profile: its fields and texts per
// language, live cam, pause and resume, photos through the members' upload pipeline (type
// checked, re-encoded, under inspection until approved on /photos). Another pool's id: 404.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FictionalFields } from '~/components/console/fictional-fields.tsx'
import { Notice } from '~/components/console/field.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { isMultipart, readUploadForm } from '~/modules/photos/upload-form.server.ts'
import { addPhoto } from '~/modules/photos/upload.server.ts'
import { readFictionalForm, updateFictionalIn } from '~/modules/profiles/fictional.server.ts'
import { LOCALES } from '../../tenants/schema.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Fictional profile' }]

const idOf = (params: LoaderFunctionArgs['params']) => {
  const raw = params.id ?? ''
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new Response('Not Found', { status: 404 })
  return Number(raw)
}

async function load(db: Parameters<typeof withOperator>[0], id: number) {
  return withOperator(db, (tx) =>
    tx.profile.findFirst({
      where: { id, fictional: true, status: { not: 'deleted' } },
      select: { id: true, poolId: true, tenantId: true, name: true, gender: true, birthDate: true, country: true, city: true, about: true, aboutTexts: true, liveCam: true, status: true, photos: { select: { id: true, thumbFilename: true, status: true }, orderBy: { position: 'asc' } } },
    }),
  )
}

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { db } = await requireOperator(context, request, { area: 'profiles' })
  const profile = await load(db, idOf(params))
  if (!profile) throw new Response('Not Found', { status: 404 })
  const texts = (profile.aboutTexts ?? {}) as Record<string, string>
  return {
    profile: { id: profile.id, poolId: profile.poolId, name: profile.name, status: profile.status, photos: profile.photos.map((p) => ({ id: p.id, thumb: `/media/${p.thumbFilename}`, status: p.status })) },
    values: {
      name: profile.name, gender: profile.gender, birthDate: profile.birthDate.toISOString().slice(0, 10), country: profile.country, city: profile.city ?? '', about: profile.about ?? '',
      liveCam: profile.liveCam ? 'on' : '', ...Object.fromEntries(LOCALES.map((l) => [`about_${l}`, texts[l] ?? ''])),
    } as Record<string, string>,
  }
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  const { db, actor } = await requireOperator(context, request, { area: 'profiles' })
  const id = idOf(params)
  const profile = await load(db, id)
  if (!profile) throw new Response('Not Found', { status: 404 })
  if (isMultipart(request)) {
    const upload = await readUploadForm(request)
    if (!upload.ok) return data({ notice: 'errors.generic', ok: false, errors: {}, values: null, count: 0 }, { status: 400 })
    let added = 0
    for (const file of upload.files) {
      const outcome = await addPhoto(db, { tenantId: profile.tenantId, poolId: profile.poolId }, file, { profileId: id })
      if (outcome.ok) {
        added += 1
        await withOperator(db, (tx) => auditIn(tx, actor, { action: 'profile.photo_add', tenantId: profile.tenantId, poolId: profile.poolId, targetType: 'profile', targetId: id, after: { photoId: outcome.photoId } }))
      }
    }
    return data({ notice: 'profiles.uploaded', ok: added > 0, errors: {}, values: null, count: added }, { status: added > 0 ? 200 : 400 })
  }
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'pause' || intent === 'resume') {
    await withOperator(db, (tx) => updateFictionalIn(tx, actor, id, { status: intent === 'pause' ? 'disabled' : 'active' }))
    return data({ notice: 'common.saved', ok: true, errors: {}, values: null, count: 0 })
  }
  const parsed = readFictionalForm(form)
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message.startsWith('profiles.') ? i.message : 'errors.generic']))
    return data({ notice: null, ok: false, errors, values: Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])), count: 0 }, { status: 400 })
  }
  await withOperator(db, (tx) => updateFictionalIn(tx, actor, id, parsed.data))
  return data({ notice: 'common.saved', ok: true, errors: {}, values: null, count: 0 })
}

export default function FictionalProfile() {
  const { t } = useTranslation('console')
  const { profile, values } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="stack">
      <h1>
        {profile.name} <span className="console-badge">{profile.status === 'active' ? t('profiles.active') : t('profiles.paused')}</span>
      </h1>
      <p className="console-disclosure">{t('profiles.intro')}</p>
      {actionData?.notice ? <Notice tone={actionData.ok ? 'success' : 'danger'}>{t(actionData.notice, { count: actionData.count })}</Notice> : null}
      <Form method="post" className="console-card stack">
        <FictionalFields values={actionData?.values ?? values} errors={(actionData?.errors ?? {}) as Record<string, string>} />
        <button type="submit" className="button button--primary">
          {t('common.save')}
        </button>
      </Form>
      <Form method="post" className="console-card">
        <input type="hidden" name="intent" value={profile.status === 'active' ? 'pause' : 'resume'} />
        <button type="submit" className="button button--light">
          {profile.status === 'active' ? t('profiles.pause') : t('profiles.resume')}
        </button>
      </Form>
      <section className="console-card stack" aria-labelledby="photos-title">
        <h2 id="photos-title">{t('profiles.photos')}</h2>
        <ul className="console-photos">
          {profile.photos.map((p, i) => (
            <li key={p.id}>
              <img src={p.thumb} alt={t('inbox.photoOf', { name: profile.name, n: i + 1 })} width={88} height={88} />
              {p.status !== 'active' ? <span className="console-badge console-badge--warning">{p.status}</span> : null}
            </li>
          ))}
        </ul>
        <Form method="post" encType="multipart/form-data">
          <div className="field">
            <label htmlFor="field-photos">{t('profiles.upload')}</label>
            <input id="field-photos" type="file" name="photos" accept="image/jpeg,image/png,image/webp" multiple />
          </div>
          <button type="submit" className="button button--light">
            {t('profiles.upload')}
          </button>
        </Form>
      </section>
    </div>
  )
}
