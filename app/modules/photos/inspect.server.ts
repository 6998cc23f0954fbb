// Content checks before anything is decoded: the type comes from the file's first bytes
// (never its name or the browser's content type), the size from the header. A refused
// file never reaches the encoder, the disk or the database.
import sharp from 'sharp'
import { MAX_PIXELS, MAX_UPLOAD_BYTES } from './limits.ts'

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif'

export type Inspection =
  | { ok: true; kind: ImageKind; width: number; height: number }
  | { ok: false; reason: 'empty' | 'tooLarge' | 'notAnImage' | 'unsupported' | 'tooManyPixels' | 'unreadable' }

const AVIF_BRANDS = new Set(['avif', 'avis'])
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))

/** ISO-BMFF (HEIF/AVIF): a leading 'ftyp' box with a major brand and compatible brands. */
function heifKind(bytes: Uint8Array): 'heic' | 'avif' | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
  const end = Math.min(boxSize >= 16 ? boxSize : 16, bytes.length, 256)
  const brands = [ascii(bytes, 8, 12)]
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4))
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif'
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic'
  return null
}

/** The image type by magic bytes, or null for anything else (a text file named .jpg). */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const at = (i: number) => bytes[i]
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg'
  if (bytes.length >= 8 && at(0) === 0x89 && ascii(bytes, 1, 4) === 'PNG' && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) return 'png'
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  return heifKind(bytes)
}

/**
 * HEIC and AVIF only when this build of sharp (libvips + libheif) reads them: the prebuilt
 * binaries read AVIF but not HEIC (HEVC is patent-encumbered), so HEIC is refused there.
 */
export function canRead(kind: ImageKind): boolean {
  if (kind !== 'heic' && kind !== 'avif') return true
  const input = sharp.format.heif?.input as { buffer?: boolean; fileSuffix?: string[] } | undefined
  if (!input?.buffer) return false
  return (input.fileSuffix ?? []).includes(kind === 'avif' ? '.avif' : '.heic')
}

export async function inspectImage(bytes: Uint8Array): Promise<Inspection> {
  if (bytes.length === 0) return { ok: false, reason: 'empty' }
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, reason: 'tooLarge' }
  const kind = sniffImage(bytes)
  if (!kind) return { ok: false, reason: 'notAnImage' }
  if (!canRead(kind)) return { ok: false, reason: 'unsupported' }
  try {
    // metadata() reads the header only; with the limit set, sharp itself refuses a header
    // that announces too many pixels.
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()
    if (!meta.width || !meta.height) return { ok: false, reason: 'unreadable' }
    if (meta.width * meta.height > MAX_PIXELS) return { ok: false, reason: 'tooManyPixels' }
    return { ok: true, kind, width: meta.width, height: meta.height }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, reason: 'tooManyPixels' }
    return { ok: false, reason: 'unreadable' }
  }
}
