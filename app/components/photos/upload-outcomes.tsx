import { useTranslation } from 'react-i18next'
import { FREE_PHOTO_LIMIT, MAX_FILES_PER_REQUEST, MAX_MEGAPIXELS, MAX_UPLOAD_MB, PREMIUM_PHOTO_LIMIT, type UploadOutcome } from '~/modules/photos/limits.ts'

export const OUTCOMES_ELEMENT_ID = 'photo-upload-outcomes'

/** The values every upload message may use. */
export const MESSAGE_VALUES = {
  freeLimit: FREE_PHOTO_LIMIT,
  premiumLimit: PREMIUM_PHOTO_LIMIT,
  maxMb: MAX_UPLOAD_MB,
  maxMp: MAX_MEGAPIXELS,
  max: MAX_FILES_PER_REQUEST,
}

/**
 * One line per file: uploaded (under inspection) or why not. Also machine-readable: the
 * uploader's XMLHttpRequest reads `data-outcomes` from the page the action answers with.
 */
export function UploadOutcomes({ outcomes, withData = false }: { outcomes: UploadOutcome[]; withData?: boolean }) {
  const { t } = useTranslation('photos')
  const failed = outcomes.filter((o) => !o.ok)
  const done = outcomes.filter((o) => o.ok)
  return (
    <div id={withData ? OUTCOMES_ELEMENT_ID : undefined} data-outcomes={withData ? JSON.stringify(outcomes) : undefined} className="upload-outcomes">
      {failed.length > 0 ? (
        <div className="alert alert--danger" role="alert">
          <ul className="upload-outcomes__list">
            {failed.map((o, i) => (
              <li key={`${o.name}-${i}`}>{o.ok ? null : t(`errors.${o.error}`, { ...MESSAGE_VALUES, name: o.name })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {done.length > 0 ? (
        <div className="alert alert--success" role="status">
          <ul className="upload-outcomes__list">
            {done.map((o, i) => (
              <li key={`${o.name}-${i}`}>{t('upload.done', { name: o.name })}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
