import { Form } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmAction } from '~/components/confirm/confirm-action.tsx'
import { PHOTO_STATUS_LABEL, type PhotoRejectReason, type PhotoStatus } from '~/modules/photos/limits.ts'
import { PHOTOS_ACTION } from './photo-uploader.tsx'

export type GridPhoto = {
  id: number
  url: string
  thumbUrl: string
  status: PhotoStatus
  isMain: boolean
  isPrivate: boolean
  /** Set for rejected photos: the operator's reason, shown to the member. */
  rejectReason: PhotoRejectReason | null
}

export type PhotoIntent = 'setMain' | 'up' | 'down' | 'private' | 'public' | 'delete'

/**
 * The member's own photos in their order, each with its status and buttons. A rejected photo
 * shows the operator's reason and offers only what helps: replace it, or delete it.
 */
export function PhotoGrid({ photos }: { photos: GridPhoto[] }) {
  const { t } = useTranslation('photos')
  if (photos.length === 0) return <p className="muted">{t('empty')}</p>
  return (
    <ol className="photo-grid">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <PhotoTile photo={photo} number={index + 1} first={index === 0} last={index === photos.length - 1} />
        </li>
      ))}
    </ol>
  )
}

function PhotoTile({ photo, number, first, last }: { photo: GridPhoto; number: number; first: boolean; last: boolean }) {
  const { t } = useTranslation('photos')
  const label = t('photoLabel', { number })
  return (
    <article className={`photo-tile photo-tile--${photo.status}`} aria-label={label}>
      {photo.status === 'rejected' ? (
        // A rejected photo's files are removed from storage; the tile stays to say so.
        <span className="photo-tile__image photo-tile__image--gone" role="img" aria-label={label} />
      ) : (
        <a href={photo.url} className="photo-tile__image" target="_blank" rel="noreferrer">
          <img src={photo.thumbUrl} alt={label} width={160} height={160} loading="lazy" />
        </a>
      )}
      <p className="photo-tile__badges">
        <span className={`photo-badge photo-badge--${photo.status}`}>{t(PHOTO_STATUS_LABEL[photo.status])}</span>
        {photo.isMain ? <span className="photo-badge photo-badge--main">{t('status.main')}</span> : null}
        {photo.isPrivate ? <span className="photo-badge photo-badge--private">{t('status.private')}</span> : null}
      </p>
      {photo.rejectReason ? (
        <div className="photo-tile__rejected">
          <p className="photo-tile__reason">{t('rejected.reason', { reason: t(`rejectReason.${photo.rejectReason}`) })}</p>
          <p className="muted photo-tile__hint">{t('rejected.hint')}</p>
        </div>
      ) : null}
      <div className="photo-tile__actions">
        {photo.status === 'rejected' ? (
          <ReplaceForm photoId={photo.id} number={number} />
        ) : (
          <>
            {photo.status === 'active' && !photo.isMain && !photo.isPrivate ? <PhotoButton photoId={photo.id} intent="setMain" text={t('actions.setMain')} /> : null}
            {!first ? <PhotoButton photoId={photo.id} intent="up" text={t('actions.moveUp')} /> : null}
            {!last ? <PhotoButton photoId={photo.id} intent="down" text={t('actions.moveDown')} /> : null}
            {photo.isMain ? null : photo.isPrivate ? (
              <PhotoButton photoId={photo.id} intent="public" text={t('actions.makePublic')} />
            ) : (
              <PhotoButton photoId={photo.id} intent="private" text={t('actions.makePrivate')} />
            )}
          </>
        )}
        <ConfirmAction
          id={`delete-photo-${photo.id}`}
          trigger={t('actions.delete')}
          triggerClassName="button button--small button--ghost photo-tile__delete"
          triggerLabel={t('actions.deleteLabel', { number })}
          title={t('deleteConfirm.title', { number })}
          text={t('deleteConfirm.text')}
          confirmLabel={t('deleteConfirm.yes')}
          action={PHOTOS_ACTION}
          fields={{ photoId: String(photo.id), intent: 'delete' }}
        />
      </div>
    </article>
  )
}

function PhotoButton({ photoId, intent, text, danger = false }: { photoId: number; intent: PhotoIntent; text: string; danger?: boolean }) {
  return (
    <Form method="post" action={PHOTOS_ACTION} preventScrollReset>
      <input type="hidden" name="photoId" value={photoId} />
      <button type="submit" name="intent" value={intent} className={`button button--small ${danger ? 'button--ghost photo-tile__delete' : 'button--ghost'}`}>
        {text}
      </button>
    </Form>
  )
}

/** A new photo in place of a rejected one: a plain upload form (no JavaScript needed); the action deletes the old one once the new one is in. */
function ReplaceForm({ photoId, number }: { photoId: number; number: number }) {
  const { t } = useTranslation('photos')
  const inputId = useId()
  return (
    <form method="post" action={PHOTOS_ACTION} encType="multipart/form-data" className="photo-tile__replace">
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="replace" value={photoId} />
      <label htmlFor={inputId} className="visually-hidden">
        {t('rejected.fileLabel', { number })}
      </label>
      <input id={inputId} type="file" name="photos" accept="image/*" required />
      <button type="submit" className="button button--small button--primary">
        {t('actions.replace')}
      </button>
    </form>
  )
}
