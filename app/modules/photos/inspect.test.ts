// The content checks: the type is read from the bytes, never the name; sizes from the
// header, before anything is decoded.
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { canRead, inspectImage, sniffImage } from './inspect.server.ts'
import { MAX_UPLOAD_BYTES } from './limits.ts'
import { fiftyMegapixelPng, jpegWithGps, solid, textAsJpeg, tinyPng, tinyWebp } from './test-images.ts'

/** An ISO-BMFF 'ftyp' box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + compatible.length * 4
  const box = Buffer.alloc(size + 16)
  box.writeUInt32BE(size, 0)
  box.write('ftyp', 4, 'latin1')
  box.write(major, 8, 'latin1')
  compatible.forEach((brand, i) => box.write(brand, 16 + i * 4, 'latin1'))
  return box
}

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their magic bytes', async () => {
    expect(sniffImage(await jpegWithGps())).toBe('jpeg')
    expect(sniffImage(await tinyPng())).toBe('png')
    expect(sniffImage(await tinyWebp())).toBe('webp')
  })

  it('tells HEIC from AVIF by the ftyp brands', () => {
    expect(sniffImage(ftyp('heic', 'mif1', 'heic'))).toBe('heic')
    expect(sniffImage(ftyp('mif1', 'heix'))).toBe('heic')
    expect(sniffImage(ftyp('avif', 'mif1', 'miaf'))).toBe('avif')
    expect(sniffImage(ftyp('mif1', 'avif'))).toBe('avif')
    expect(sniffImage(ftyp('isom', 'mp41'))).toBeNull()
  })

  it('refuses text, a RIFF that is not WebP, and scraps', () => {
    expect(sniffImage(textAsJpeg())).toBeNull()
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull()
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull()
    expect(sniffImage(Buffer.alloc(0))).toBeNull()
  })
})

describe('inspectImage', () => {
  it('reads the size of a good photo', async () => {
    expect(await inspectImage(await jpegWithGps(400, 300))).toEqual({ ok: true, kind: 'jpeg', width: 400, height: 300 })
    expect(await inspectImage(await tinyPng())).toMatchObject({ ok: true, kind: 'png', width: 64, height: 48 })
  })

  it('refuses a text file named .jpg by its content', async () => {
    expect(await inspectImage(textAsJpeg())).toEqual({ ok: false, reason: 'notAnImage' })
  })

  it('refuses an empty file and one above 10 MB', async () => {
    expect(await inspectImage(Buffer.alloc(0))).toEqual({ ok: false, reason: 'empty' })
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(MAX_UPLOAD_BYTES)])
    expect(await inspectImage(big)).toEqual({ ok: false, reason: 'tooLarge' })
  })

  it('refuses 50 megapixels from the header alone', async () => {
    const png = await fiftyMegapixelPng()
    expect(png.length).toBeLessThan(1024 * 1024)
    expect(await inspectImage(png)).toEqual({ ok: false, reason: 'tooManyPixels' })
  })

  it('refuses a crafted PNG whose IHDR claims 8000 x 6250 over the pixels of a tiny image', async () => {
    const png = Buffer.from(await tinyPng())
    png.writeUInt32BE(8000, 16)
    png.writeUInt32BE(6250, 20)
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
    expect(png.length).toBeLessThan(1000)
    expect(await inspectImage(png)).toEqual({ ok: false, reason: 'tooManyPixels' })
  })

  it('refuses a truncated or corrupt image as unreadable', async () => {
    const jpeg = await jpegWithGps()
    expect(await inspectImage(Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(200, 7)]))).toEqual({ ok: false, reason: 'unreadable' })
  })

  it('accepts HEIC only when this sharp reads it', async () => {
    const heic = ftyp('heic', 'mif1', 'heic')
    const result = await inspectImage(heic)
    if (canRead('heic')) expect(result).toEqual({ ok: false, reason: 'unreadable' })
    else expect(result).toEqual({ ok: false, reason: 'unsupported' })
  })

  it('accepts AVIF when sharp reads it', async () => {
    if (!canRead('avif')) return
    const avif = await solid(80, 60).avif().toBuffer()
    expect(sniffImage(avif)).toBe('avif')
    expect(await inspectImage(avif)).toMatchObject({ ok: true, kind: 'avif', width: 80, height: 60 })
  })

  it('canRead matches sharp.format.heif', () => {
    const suffixes = (sharp.format.heif.input as { fileSuffix?: string[] }).fileSuffix ?? []
    expect(canRead('avif')).toBe(suffixes.includes('.avif'))
    expect(canRead('heic')).toBe(suffixes.includes('.heic'))
    expect(canRead('jpeg')).toBe(true)
  })
})
