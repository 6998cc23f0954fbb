import { describe, expect, it } from 'vitest'
import { mediaUrl, photoUrls } from './urls.ts'

const CDN = 'https://cdn.example/media/'
const photo = (status: string, isPrivate: boolean) => ({ filename: 'ab/k.webp', thumbFilename: 'ab/k_t.webp', status, isPrivate })

describe('photo URLs', () => {
  it('use the site’s /media/ route, and a CDN only for photos anyone may see', () => {
    expect(mediaUrl('/media/', 'ab/k.webp', true)).toBe('/media/ab/k.webp')
    expect(photoUrls(CDN, photo('active', false))).toEqual({ url: `${CDN}ab/k.webp`, thumbUrl: `${CDN}ab/k_t.webp` })
    for (const [status, isPrivate] of [['active', true], ['inspection', false], ['rejected', false]] as const) {
      expect(photoUrls(CDN, photo(status, isPrivate))).toEqual({ url: '/media/ab/k.webp', thumbUrl: '/media/ab/k_t.webp' })
    }
    // The member's own photos always come from the site, whatever their status.
    expect(photoUrls(CDN, photo('active', false), { own: true }).url).toBe('/media/ab/k.webp')
  })
})
