// Re-encoding and storage. Every photo is decoded and written anew as WebP: the EXIF
// orientation is applied, then all metadata (EXIF, GPS, XMP, ICC comments) is left behind,
// which is sharp's default. Files get random names below `<DATA_DIR>/media/<poolId>/`,
// served at the tenant's cdnPrefix (server/app.ts).
import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { MAX_PIXELS } from './limits.ts'

export const FULL_SIZE = 1200
export const THUMB_SIZE = 320
const FULL_QUALITY = 82
const THUMB_QUALITY = 78

export type EncodedPhoto = { full: Buffer; thumb: Buffer; width: number; height: number }
export type StoredFiles = { filename: string; thumbFilename: string }

/** `<DATA_DIR>/media`, read at call time (DATA_DIR defaults to `.data`, as the server's). */
export function mediaRoot(): string {
  return path.resolve(process.env.DATA_DIR ?? '.data', 'media')
}

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

function resolveInside(root: string, relative: string): string {
  const absolute = path.resolve(root, relative)
  if (!absolute.startsWith(root + path.sep)) throw new Error(`photo path escapes the media folder: ${relative}`)
  return absolute
}

/** Writes both files under fresh random names; nothing is overwritten. */
export async function writePhotoFiles(root: string, poolId: string, encoded: EncodedPhoto): Promise<StoredFiles> {
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(poolId)) throw new Error(`unexpected pool id for a media folder: ${poolId}`)
  const id = randomUUID()
  const files = { filename: `${poolId}/${id}.webp`, thumbFilename: `${poolId}/${id}_t.webp` }
  await mkdir(path.join(root, poolId), { recursive: true })
  try {
    await writeFile(resolveInside(root, files.filename), encoded.full, { flag: 'wx' })
    await writeFile(resolveInside(root, files.thumbFilename), encoded.thumb, { flag: 'wx' })
  } catch (error) {
    await deletePhotoFiles(root, files)
    throw error
  }
  return files
}

/** Removes a photo's files; missing files are fine (a retry, or already cleaned up). */
export async function deletePhotoFiles(root: string, files: StoredFiles): Promise<void> {
  await Promise.all([files.filename, files.thumbFilename].map((name) => rm(resolveInside(root, name), { force: true })))
}
