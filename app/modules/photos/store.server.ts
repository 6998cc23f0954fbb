// Re-encoding and storage. Every photo is decoded and written anew as WebP: the EXIF
// orientation is applied, then all metadata (EXIF, GPS, XMP, ICC comments) is left behind,
// which is sharp's default. Both sizes go to the media storage under fresh random keys
// (no site or pool in them) and are served only through the media route's checks.
import sharp from 'sharp'
import { newMediaKey, type MediaStorage } from '../media/storage.server.ts'
import { MAX_PIXELS } from './limits.ts'

export const FULL_SIZE = 1200
export const THUMB_SIZE = 320
const FULL_QUALITY = 82
const THUMB_QUALITY = 78

export type EncodedPhoto = { full: Buffer; thumb: Buffer; width: number; height: number }
export type StoredFiles = { filename: string; thumbFilename: string }

export async function encodePhoto(bytes: Uint8Array): Promise<EncodedPhoto> {
  const { data: full, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(FULL_SIZE, FULL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: FULL_QUALITY })
    .toBuffer({ resolveWithObject: true })
  // The thumbnail starts from the already small, upright image: cheaper than a second decode.
  const thumb = await sharp(full)
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: THUMB_QUALITY })
    .toBuffer()
  return { full, thumb, width: info.width, height: info.height }
}

export const PHOTO_CONTENT_TYPE = 'image/webp'

/** Every stored size of a photo: the keys a deletion must remove. */
export function photoKeys(files: StoredFiles): string[] {
  return [files.filename, files.thumbFilename]
}

/** Writes both sizes under fresh random keys; nothing is overwritten. */
export async function writePhotoFiles(storage: MediaStorage, encoded: EncodedPhoto): Promise<StoredFiles> {
  const full = newMediaKey('.webp')
  const files = { filename: full, thumbFilename: full.replace(/\.webp$/, '_t.webp') }
  try {
    await storage.put(files.filename, encoded.full, PHOTO_CONTENT_TYPE)
    await storage.put(files.thumbFilename, encoded.thumb, PHOTO_CONTENT_TYPE)
  } catch (error) {
    await deletePhotoFiles(storage, files).catch(() => undefined)
    throw error
  }
  return files
}

/** Removes every size of a photo; missing files are fine (a retry, or already cleaned up). */
export async function deletePhotoFiles(storage: MediaStorage, files: StoredFiles): Promise<void> {
  await Promise.all(photoKeys(files).map((key) => storage.delete(key)))
}
