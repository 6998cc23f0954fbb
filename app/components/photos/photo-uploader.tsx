import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_MEGAPIXELS, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, type UploadOutcome } from '~/modules/photos/limits.ts'
import { OUTCOMES_ELEMENT_ID, UploadOutcomes } from './upload-outcomes.tsx'

export const PHOTOS_ACTION = '/profile/photos'

type Props = {
  /** Without JavaScript: where a fully successful upload goes next (e.g. back to signup). */
  redirectTo?: string
  /** The action's answer to a plain form post (no JavaScript). */
  serverOutcomes?: UploadOutcome[]
  /** Called once all chosen files were sent (the photos page reloads its list), with the files that were taken. */
  onUploaded?: (outcomes: UploadOutcome[], taken: File[]) => void
}

/**
 * Upload several photos at once. A plain multipart form that works without JavaScript;
 * with it, each file goes to the same action by XMLHttpRequest (which reports upload
 * progress, fetch does not) and the answers are read from the page the action renders.
 */
export function PhotoUploader({ redirectTo, serverOutcomes, onUploaded }: Props) {
  const { t } = useTranslation('photos')
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const inputRef = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [percent, setPercent] = useState(0)
  const [outcomes, setOutcomes] = useState<UploadOutcome[] | null>(null)
  const [noFiles, setNoFiles] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (typeof XMLHttpRequest === 'undefined') return
    event.preventDefault()
    const files = Array.from(inputRef.current?.files ?? [])
    setNoFiles(files.length === 0)
    if (files.length === 0 || busy) return
    setBusy(true)
    setPercent(0)
    setOutcomes(null)
    const results: UploadOutcome[] = []
    const taken: File[] = []
    const sending = files.filter((f) => f.size <= MAX_UPLOAD_BYTES)
    const totalBytes = sending.reduce((sum, f) => sum + f.size, 0) || 1
    let doneBytes = 0
    for (const file of files) {
      // Too large is certain already: no need to send 10 MB to hear it.
      if (file.size > MAX_UPLOAD_BYTES) {
        results.push({ name: file.name, ok: false, error: 'tooLarge' })
        continue
      }
      const answer = await sendFile(file, (sent) => setPercent(Math.round(((doneBytes + sent) / totalBytes) * 100)))
      if (answer === 'navigated') return
      results.push(...answer)
      if (answer.some((o) => o.ok)) taken.push(file)
      doneBytes += file.size
      setPercent(Math.round((doneBytes / totalBytes) * 100))
    }
    setOutcomes(results)
    setBusy(false)
    if (inputRef.current) inputRef.current.value = ''
    onUploaded?.(results, taken)
  }

  const shown = outcomes ?? serverOutcomes
  return (
    <form method="post" action={PHOTOS_ACTION} encType="multipart/form-data" className="photo-uploader" onSubmit={onSubmit} aria-busy={busy}>
      <input type="hidden" name="intent" value="upload" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="field">
        <label htmlFor={inputId}>{t('upload.label')}</label>
        <input ref={inputRef} id={inputId} type="file" name="photos" multiple accept="image/*" aria-describedby={hintId} disabled={busy} onChange={() => setNoFiles(false)} />
        <p className="field-hint" id={hintId}>
          {t('upload.hint', { maxMb: MAX_UPLOAD_MB, maxMp: MAX_MEGAPIXELS })}
        </p>
      </div>
      {noFiles ? (
        <p className="field-error" role="alert">
          {t('errors.noFiles')}
        </p>
      ) : null}
      {busy ? (
        <div className="photo-uploader__progress">
          <progress max={100} value={percent} aria-label={t('upload.progressLabel')} />
          <span role="status">{percent < 100 ? t('upload.progress', { percent }) : t('upload.processing')}</span>
        </div>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('upload.submit')}
      </button>
      {shown && shown.length > 0 ? <UploadOutcomes outcomes={shown} withData={outcomes === null} /> : null}
    </form>
  )
}

/** Sends one file; 'navigated' when the session ended and the browser moves to the login. */
function sendFile(file: File, onProgress: (sentBytes: number) => void): Promise<UploadOutcome[] | 'navigated'> {
  const failed: UploadOutcome[] = [{ name: file.name, ok: false, error: 'failed' }]
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', PHOTOS_ACTION)
    // Text, parsed below without its <style>: parsing it checks the answer's own style (with
    // another response's nonce) against this page's CSP, which reports a violation.
    xhr.responseType = 'text'
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * file.size)
    }
    xhr.onload = () => {
      const answer = typeof xhr.response === 'string' ? new DOMParser().parseFromString(xhr.response.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ''), 'text/html') : null
      const element = answer?.getElementById(OUTCOMES_ELEMENT_ID)
      const data = element?.getAttribute('data-outcomes')
      if (data) return resolve(JSON.parse(data) as UploadOutcome[])
      // Redirected elsewhere (to the login when the session ended): follow it.
      const landed = xhr.responseURL ? new URL(xhr.responseURL) : null
      if (landed && landed.pathname !== PHOTOS_ACTION) {
        window.location.assign(landed.href)
        return resolve('navigated')
      }
      resolve(failed)
    }
    xhr.onerror = () => resolve(failed)
    xhr.onabort = () => resolve(failed)
    const body = new FormData()
    body.append('intent', 'upload')
    body.append('photos', file, file.name)
    xhr.send(body)
  })
}
