// One upload, file by file: inspect (no decoding), check the limit, re-encode, write the
// files, then insert the row under the profile lock, checking the limit again there so
// parallel uploads cannot pass it. Whatever is refused leaves no file and no row.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { inspectImage } from './inspect.server.ts'
import { MAX_FILES_PER_REQUEST, photoLimitFor, type UploadError, type UploadOutcome } from './limits.ts'
import { countPhotos, ensureMainPhoto, limitFor, lockProfile } from './photos.server.ts'
import { getMediaStorage, type MediaStorage } from '../media/storage.server.ts'
import { deletePhotoFiles, encodePhoto, writePhotoFiles, type StoredFiles } from './store.server.ts'

/** A file part of the request: its bytes, or why it was not even read (see upload-form). */
export type IncomingFile = { name: string; bytes: Uint8Array } | { name: string; refused: 'tooLarge' | 'tooManyFiles' }

/** `storage` defaults to the process's media storage (MEDIA_STORAGE). */
export type UploadOptions = { profileId: number; storage?: MediaStorage; now?: Date }

const limitError = (paidUser: boolean): UploadError => (paidUser ? 'limitPremium' : 'limitFree')

/** Refusals decided inside the transaction; the files written before are removed. */
class Refused extends Error {
  constructor(readonly reason: UploadError) {
    super(reason)
  }
}

export async function addPhoto(db: Db, scope: Scope, file: IncomingFile, options: UploadOptions): Promise<UploadOutcome> {
  const { name } = file
  const refuse = (error: UploadError): UploadOutcome => ({ name, ok: false, error })
  if ('refused' in file) return refuse(file.refused)

  const inspection = await inspectImage(file.bytes)
  if (!inspection.ok) return refuse(inspection.reason)

  // Cheap early answer before the costly encode; the locked check below is the one that counts.
  const before = await withScope(db, scope, async (tx) => {
    const owner = await tx.profile.findFirst({
      where: { poolId: scope.poolId, id: options.profileId, status: { not: 'deleted' } },
      select: { fictional: true, user: { select: { paidUser: true } } },
    })
    // An operator-run (fictional) profile holds as many photos as a premium member.
    return owner ? { paid: owner.user?.paidUser === true || owner.fictional, count: await countPhotos(tx, scope, options.profileId) } : null
  })
  if (!before) return refuse('noProfile')
  if (before.count >= photoLimitFor(before.paid)) return refuse(limitError(before.paid))

  let encoded
  try {
    encoded = await encodePhoto(file.bytes)
  } catch {
    return refuse('unreadable')
  }

  const storage = options.storage ?? getMediaStorage()
  let files: StoredFiles
  try {
    files = await writePhotoFiles(storage, encoded)
  } catch (error) {
    console.error('photos: writing files failed', error)
    return refuse('failed')
  }

  try {
    const photoId = await withScope(db, scope, async (tx) => {
      const profile = await lockProfile(tx, scope, options.profileId)
      if (!profile) throw new Refused('noProfile')
      if ((await countPhotos(tx, scope, profile.id)) >= limitFor(profile)) throw new Refused(limitError(profile.paidUser))
      const last = await tx.photo.aggregate({ where: { poolId: scope.poolId, profileId: profile.id }, _max: { position: true } })
      const photo = await tx.photo.create({
        data: {
          poolId: scope.poolId,
          profileId: profile.id,
          filename: files.filename,
          thumbFilename: files.thumbFilename,
          status: 'inspection',
          width: encoded.width,
          height: encoded.height,
          position: (last._max.position ?? -1) + 1,
          ...(options.now ? { createdAt: options.now } : {}),
        },
        select: { id: true },
      })
      // The first photo becomes the main photo (still shown to nobody until approved).
      await ensureMainPhoto(tx, scope, profile.id)
      return photo.id
    })
    return { name, ok: true, photoId }
  } catch (error) {
    await deletePhotoFiles(storage, files).catch((cleanup) => console.error('photos: removing files failed', cleanup))
    if (error instanceof Refused) return refuse(error.reason)
    console.error('photos: saving the photo failed', error)
    return refuse('failed')
  }
}

/** Every file of one request in turn, one outcome per file (at most MAX_FILES_PER_REQUEST). */
export async function uploadPhotos(db: Db, scope: Scope, files: IncomingFile[], options: UploadOptions): Promise<UploadOutcome[]> {
  const outcomes: UploadOutcome[] = []
  for (const [index, file] of files.entries()) {
    outcomes.push(index < MAX_FILES_PER_REQUEST ? await addPhoto(db, scope, file, options) : { name: file.name, ok: false, error: 'tooManyFiles' })
  }
  return outcomes
}
