// Images for the photo tests, made with sharp itself: small, fast, and exactly as odd as
// each test needs (EXIF with GPS, an orientation flag, a header announcing 50 megapixels).
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

export function solid(width: number, height: number, background = '#c33') {
  return sharp({ create: { width, height, channels: 3, background } })
}

/** A JPEG with EXIF: copyright, camera and a GPS position (Amsterdam). */
export async function jpegWithGps(width = 400, height = 300): Promise<Buffer> {
  return solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Photographer', Make: 'TestCam', Model: 'T1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer()
}

/** 400x300 pixels stored with EXIF orientation 6: upright it is 300 wide, 400 high. */
export async function rotatedJpeg(): Promise<Buffer> {
  return solid(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer()
}

export const tinyPng = (background = '#3c3') => solid(64, 48, background).png().toBuffer()
export const tinyWebp = () => solid(64, 48).webp().toBuffer()

/** 8000 x 6250 = 50 megapixels, about 150 kB thanks to one flat colour. */
export async function fiftyMegapixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 6250, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer()
}

export const textAsJpeg = () => Buffer.from('This is not a photo, just text in a file called holiday.jpg\n'.repeat(20))

export async function tempMediaRoot(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'photos-test-'))
}

/** Every file below the media root (relative paths), sorted. */
export async function filesIn(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort()
}
