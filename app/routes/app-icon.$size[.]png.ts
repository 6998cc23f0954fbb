// The installed app's PNG icons (192 and 512 px): the theme's mark on the site's background
// colour, with room around it for masks. Rendered once per theme and size, then kept.
import type { LoaderFunctionArgs } from '@remix-run/node'
import sharp from 'sharp'

const SIZES = new Set([192, 512])
const cache = new Map<string, Buffer>()

export async function loader({ params, context }: LoaderFunctionArgs) {
  const size = Number(params.size)
  if (!SIZES.has(size)) throw new Response('Not Found', { status: 404 })
  const { theme } = context
  const key = `${theme.colors.primary}:${theme.colors.background}:${size}:${theme.logoMark.length}`
  let png = cache.get(key)
  if (!png) {
    const mark = theme.logoMark.replaceAll('var(--color-primary)', theme.colors.primary)
    const inner = Math.round(size * 0.6)
    const logo = await sharp(Buffer.from(mark)).resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer()
    png = await sharp({ create: { width: size, height: size, channels: 4, background: theme.colors.background } })
      .composite([{ input: logo, gravity: 'centre' }])
      .png()
      .toBuffer()
    cache.set(key, png)
  }
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' } })
}
