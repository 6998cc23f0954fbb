// Generated portrait-style avatars for demo profiles: a stylised head-and-shoulders figure on a
// seeded gradient, rendered from SVG to WebP with sharp (a 600x600 image and a 160x160 thumbnail).
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { MediaStorage } from '../../app/modules/media/storage.server.ts'
import { createRng } from './seed-data.ts'

export type AvatarGender = 'man' | 'woman'
export type AvatarOptions = { seed: string; gender: AvatarGender; initials: string }

/** Bump when the drawing changes, so re-runs produce new files instead of reusing old ones. */
const AVATAR_VERSION = 1
export const AVATAR_SIZE = 600
export const AVATAR_THUMB_SIZE = 160

const SKIN = ['#f6d7c3', '#eec1a0', '#e0a983', '#c68863', '#a0694a', '#7a4b32'] as const
const HAIR = ['#2b1d14', '#3d2817', '#5a3a22', '#8a5a32', '#b0753d', '#d8b26e', '#e6cf9a', '#1a1a1a', '#8d3f22'] as const
const GREY_HAIR = '#b9b6b0'

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c)
}

/** Darkens (amount < 0) or lightens a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)))
  const r = f((n >> 16) & 255)
  const g = f((n >> 8) & 255)
  const b = f(n & 255)
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`
}

const WOMAN_HAIR_BACK = [
  // long, falling over the shoulders
  'M192 262 C184 150 240 112 300 112 C362 112 418 150 408 262 C414 330 428 400 438 458 C392 486 208 486 162 458 C172 400 186 330 192 262 Z',
  // shoulder-length bob
  'M190 270 C180 150 240 114 300 114 C360 114 420 150 410 270 C414 320 418 352 410 380 C370 392 230 392 190 380 C182 352 186 320 190 270 Z',
  // up-do: a bun on top
  'M300 60 C338 60 360 84 360 112 C360 140 338 160 300 160 C262 160 240 140 240 112 C240 84 262 60 300 60 Z',
] as const

const WOMAN_HAIR_FRONT = [
  'M203 262 C196 160 252 128 300 128 C362 128 410 162 398 262 C384 214 352 184 312 178 C282 206 244 226 203 262 Z',
  'M200 258 C194 156 250 126 300 126 C352 126 408 156 400 258 C380 226 372 206 366 190 C318 200 262 200 232 190 C226 212 216 236 200 258 Z',
  'M206 254 C200 166 250 138 300 138 C352 138 402 166 394 254 C376 212 346 188 300 186 C256 188 222 212 206 254 Z',
] as const

const MAN_HAIR = [
  // short crop
  'M205 258 C194 168 244 140 300 140 C360 140 410 168 396 258 C388 222 372 200 344 192 C304 182 254 190 228 210 C214 224 208 240 205 258 Z',
  // side parting with volume
  'M204 262 C188 160 238 128 306 130 C368 132 414 166 398 262 C392 224 380 196 360 184 C330 196 270 200 236 196 C220 212 210 236 204 262 Z',
  // very short / receding
  'M212 236 C214 176 254 150 300 150 C346 150 386 176 388 236 C376 206 346 186 300 184 C254 186 224 206 212 236 Z',
] as const

const BEARD = 'M212 288 C214 368 256 392 300 392 C344 392 386 368 388 288 C378 330 350 352 300 354 C250 352 222 330 212 288 Z'

/**
 * The avatar drawing for a seed. Pure and deterministic; the only text in the SVG is
 * the (escaped) initials, left out entirely when `initials` is empty.
 */
export function avatarSvg(opts: AvatarOptions): string {
  const rng = createRng(`avatar:${AVATAR_VERSION}:${opts.seed}:${opts.gender}`)
  const hue = rng.int(0, 359)
  const hue2 = (hue + rng.int(25, 70)) % 360
  const skin = rng.pick(SKIN)
  const hair = rng.chance(0.08) ? GREY_HAIR : rng.pick(HAIR)
  const shirtHue = (hue + 150 + rng.int(0, 60)) % 360
  const shirt = `hsl(${shirtHue}, ${rng.int(25, 55)}%, ${rng.int(28, 48)}%)`
  const shirtLight = `hsl(${shirtHue}, 40%, 58%)`
  const woman = opts.gender === 'woman'
  const style = rng.int(0, 2)
  const beard = !woman && rng.chance(0.35)
  const initials = opts.initials.trim().slice(0, 3)

  const parts: string[] = []
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 600 600">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 62%, 78%)"/><stop offset="1" stop-color="hsl(${hue2}, 55%, 52%)"/></linearGradient>`,
    '<radialGradient id="glow" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
    `<linearGradient id="shirt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shirtLight}"/><stop offset="1" stop-color="${shirt}"/></linearGradient>`,
    '</defs>',
    '<rect width="600" height="600" fill="url(#bg)"/>',
    '<rect width="600" height="600" fill="url(#glow)"/>',
  )
  if (woman) parts.push(`<path d="${WOMAN_HAIR_BACK[style]}" fill="${hair}"/>`)
  // neck, with a soft shadow under the chin
  parts.push(
    `<rect x="260" y="340" width="80" height="130" rx="34" fill="${shade(skin, -0.08)}"/>`,
    `<ellipse cx="300" cy="372" rx="42" ry="16" fill="${shade(skin, -0.22)}" opacity="0.45"/>`,
  )
  // shoulders and neckline
  parts.push(
    `<path d="M70 600 C70 508 150 458 232 448 C262 470 338 470 368 448 C450 458 530 508 530 600 Z" fill="url(#shirt)"/>`,
    woman
      ? `<path d="M244 450 C262 492 338 492 356 450 C340 462 260 462 244 450 Z" fill="${shade(skin, -0.08)}"/>`
      : `<path d="M262 452 L300 506 L338 452 C322 460 278 460 262 452 Z" fill="${shade(skin, -0.08)}"/>`,
  )
  // head and ears
  parts.push(
    `<ellipse cx="206" cy="272" rx="17" ry="27" fill="${shade(skin, -0.06)}"/>`,
    `<ellipse cx="394" cy="272" rx="17" ry="27" fill="${shade(skin, -0.06)}"/>`,
    `<ellipse cx="300" cy="262" rx="94" ry="116" fill="${skin}"/>`,
    `<ellipse cx="272" cy="220" rx="40" ry="28" fill="#ffffff" opacity="0.12"/>`,
  )
  parts.push(`<path d="${woman ? WOMAN_HAIR_FRONT[style] : MAN_HAIR[style]}" fill="${hair}"/>`)
  if (beard) parts.push(`<path d="${BEARD}" fill="${hair}" opacity="0.85"/>`)
  if (initials) {
    parts.push(
      `<text x="300" y="566" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="56" font-weight="700" letter-spacing="4" fill="#ffffff" fill-opacity="0.85">${escapeXml(initials)}</text>`,
    )
  }
  parts.push('</svg>')
  return parts.join('')
}

/** The deterministic, random-looking base name of an avatar's files. */
export function avatarBaseName(opts: AvatarOptions): string {
  return createHash('sha256')
    .update(`avatar:${AVATAR_VERSION}:${opts.seed}:${opts.gender}:${opts.initials}`)
    .digest('hex')
    .slice(0, 32)
}

/**
 * Renders the avatar for `seed` to the media storage: `<hh>/<hash>.webp` (600x600) and
 * `<hh>/<hash>_t.webp` (160x160), keys without a site or pool name. Idempotent: when both
 * exist nothing is rendered.
 */
export async function writeAvatar(opts: {
  storage: MediaStorage
  seed: string
  gender: AvatarGender
  initials: string
}): Promise<{ filename: string; thumbFilename: string }> {
  const base = avatarBaseName(opts)
  const filename = `${base.slice(0, 2)}/${base}.webp`
  const thumbFilename = `${base.slice(0, 2)}/${base}_t.webp`
  const [haveMain, haveThumb] = await Promise.all([opts.storage.exists(filename), opts.storage.exists(thumbFilename)])
  if (haveMain && haveThumb) return { filename, thumbFilename }

  // Rasterise the SVG once, then encode both sizes from the pixels.
  const { data, info } = await sharp(Buffer.from(avatarSvg(opts)))
    .resize(AVATAR_SIZE, AVATAR_SIZE)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  await Promise.all([
    haveMain ? Promise.resolve() : sharp(data, raw).webp({ quality: 82 }).toBuffer().then((bytes) => opts.storage.put(filename, bytes, 'image/webp')),
    haveThumb
      ? Promise.resolve()
      : sharp(data, raw).resize(AVATAR_THUMB_SIZE, AVATAR_THUMB_SIZE).webp({ quality: 80 }).toBuffer().then((bytes) => opts.storage.put(thumbFilename, bytes, 'image/webp')),
  ])
  return { filename, thumbFilename }
}
