// Re-encoding: upright, resized, WebP, and without any of the original metadata.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { localMediaStorage } from '../media/storage.server.ts'
import { deletePhotoFiles, encodePhoto, writePhotoFiles } from './store.server.ts'
import { filesIn, jpegWithGps, rotatedJpeg, solid, tempMediaRoot } from './test-images.ts'

describe('encodePhoto', () => {
  it('drops EXIF and GPS', async () => {
    const input = await jpegWithGps()
    expect((await sharp(input).metadata()).exif).toBeDefined()
    const { full, thumb } = await encodePhoto(input)
    for (const out of [full, thumb]) {
      const meta = await sharp(out).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(out.includes('Secret Photographer')).toBe(false)
    }
  })

  it('applies the EXIF orientation', async () => {
    const { width, height, full } = await encodePhoto(await rotatedJpeg())
    expect({ width, height }).toEqual({ width: 300, height: 400 })
    expect((await sharp(full).metadata()).orientation).toBeUndefined()
  })

  it('fits large photos in 1200 x 1200, never enlarges small ones, and makes a 320 square thumbnail', async () => {
    const large = await encodePhoto(await solid(3000, 2000).jpeg().toBuffer())
    expect({ width: large.width, height: large.height }).toEqual({ width: 1200, height: 800 })
    const small = await encodePhoto(await solid(200, 100).png().toBuffer())
    expect({ width: small.width, height: small.height }).toEqual({ width: 200, height: 100 })
    const thumb = await sharp(large.thumb).metadata()
    expect({ width: thumb.width, height: thumb.height }).toEqual({ width: 320, height: 320 })
  })
})

describe('photo files', () => {
  it('get random keys without a site or pool name, and are removed again (every size)', async () => {
    const root = await tempMediaRoot()
    const storage = localMediaStorage(root)
    const encoded = await encodePhoto(await jpegWithGps())
    const a = await writePhotoFiles(storage, encoded)
    const b = await writePhotoFiles(storage, encoded)
    expect(a.filename).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/)
    expect(a.thumbFilename).toBe(a.filename.replace('.webp', '_t.webp'))
    expect(a.filename).not.toBe(b.filename)
    expect(await readFile(path.join(root, a.filename))).toEqual(encoded.full)
    expect(await readFile(path.join(root, a.thumbFilename))).toEqual(encoded.thumb)
    await deletePhotoFiles(storage, a)
    expect(await filesIn(root)).toEqual([b.filename, b.thumbFilename].sort())
  })

  it('refuses keys that would leave the media folder', async () => {
    const storage = localMediaStorage(await tempMediaRoot())
    await expect(deletePhotoFiles(storage, { filename: '../../etc/passwd', thumbFilename: 'x' })).rejects.toThrow(/not a media key/)
    await expect(storage.put('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a media key/)
    await expect(storage.get('a/../../b')).rejects.toThrow(/not a media key/)
  })
})
