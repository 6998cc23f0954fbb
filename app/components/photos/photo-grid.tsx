import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PHOTO_STATUS_LABEL, type PhotoStatus } from '~/modules/photos/limits.ts'
import { PHOTOS_ACTION } from './photo-uploader.tsx'

export type GridPhoto = { id: number; url: string; thumbUrl: string; status: PhotoStatus; isMain: boolean; isPrivate: boolean }

export type PhotoIntent = 'setMain' | 'up' | 'down' | 'private' | 'public' | 'delete'

/** The member's own photos in their order, each with its status and buttons. */
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
      <div className="photo-tile__actions">
        {photo.status === 'active' && !photo.isMain && !photo.isPrivate ? <PhotoButton photoId={photo.id} intent="setMain" text={t('actions.setMain')} /> : null}
        {!first ? <PhotoButton photoId={photo.id} intent="up" text={t('actions.moveUp')} /> : null}
        {!last ? <PhotoButton photoId={photo.id} intent="down" text={t('actions.moveDown')} /> : null}
        {photo.isMain ? null : photo.isPrivate ? (
          <PhotoButton photoId={photo.id} intent="public" text={t('actions.makePublic')} />
        ) : (
          <PhotoButton photoId={photo.id} intent="private" text={t('actions.makePrivate')} />
        )}
        <PhotoButton photoId={photo.id} intent="delete" text={t('actions.delete')} danger />
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
