// Where the browser fetches a member photo. Every URL leads to a route that checks the
// viewer (app/routes/media.$.ts; for operators app/routes/console.media.$.ts on the console host); the key in it is the
// opaque storage key. A tenant's https `cdnPrefix` (a CDN in front of this app's /media/)
// is used only for photos anyone may see: a CDN has no member cookie, so private photos
// and photos under inspection always come from the site itself.

/** The site's own media path: the media route. */
export const MEDIA_PATH = '/media/'

/** URL of a photo file; `shared`: an approved public photo of a visible member. */
export function mediaUrl(cdnPrefix: string, key: string, shared: boolean): string {
  return `${shared && cdnPrefix.startsWith('https://') ? cdnPrefix : MEDIA_PATH}${key}`
}

/**
 * Both sizes of a photo, for lists that show photos of several statuses. `own`: the viewer's
 * own photos always come from the site (an invisible member's photos are no CDN's business).
 */
export function photoUrls(cdnPrefix: string, photo: { filename: string; thumbFilename: string; status: string; isPrivate: boolean }, options: { own?: boolean } = {}) {
  const shared = !options.own && photo.status === 'active' && !photo.isPrivate
  return { url: mediaUrl(cdnPrefix, photo.filename, shared), thumbUrl: mediaUrl(cdnPrefix, photo.thumbFilename, shared) }
}
