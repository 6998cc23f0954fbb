import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PHOTO_REJECT_REASONS } from '~/modules/photos/limits.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'

export type QueuePhoto = { id: number; url: string; thumbUrl: string; width: number | null; height: number | null; createdAt: string; profileId: number; profileName: string }

/** The operators' queue: photos under inspection, oldest first, each approved or rejected. */
export function ReviewQueue({ photos, total, locale }: { photos: QueuePhoto[]; total: number; locale: string }) {
  const { t } = useTranslation('photos')
  if (photos.length === 0) return <p>{t('operator.empty')}</p>
  const when = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <>
      <p className="muted">{t('operator.total', { total })}</p>
      <ol className="review-queue">
        {photos.map((photo) => {
          const label = t('operator.photoOf', { name: photo.profileName, id: photo.profileId })
          return (
            <li key={photo.id}>
              <article className="card review-item" aria-label={label}>
                <a href={photo.url} target="_blank" rel="noreferrer" className="review-item__image">
                  <img src={photo.url} alt={label} loading="lazy" />
                </a>
                <div className="review-item__body">
                  <h2 className="review-item__title">{label}</h2>
                  <p className="muted">
                    {t('operator.uploadedAt', { date: when.format(new Date(photo.createdAt)) })}
                    {photo.width && photo.height ? ` · ${photo.width}×${photo.height}` : null}
                  </p>
                  <Form method="post" className="review-item__actions">
                    <input type="hidden" name="photoId" value={photo.id} />
                    <button type="submit" name="intent" value="approve" className="button button--primary">
                      {t('operator.approve')}
                    </button>
                    {/* The member is shown the reason chosen here. */}
                    <div className="field review-item__reason">
                      <label htmlFor={`reason-${photo.id}`}>{t('operator.reason')}</label>
                      <select id={`reason-${photo.id}`} name="reason" defaultValue="other">
                        {PHOTO_REJECT_REASONS.map((reason) => (
                          <option key={reason} value={reason}>
                            {t(`rejectReason.${reason}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                    <button type="submit" name="intent" value="reject" className="button button--ghost photo-tile__delete">
                      {t('operator.reject')}
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          )
        })}
      </ol>
    </>
  )
}
