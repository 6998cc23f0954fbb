// The gift catalogue (decision 017): what a member can send. Each site offers a selection
// (`gifts` in its tenant config, all by default) at the site's one price, `gift_credits`.
// The pictures are inline SVG in the theme's colours (CSS custom properties), so every
// site's gifts match its brand without an image per theme. Names are translations
// (chat:gifts.names.<kind>). Leaf data: tenants/schema.ts imports the kinds.

export const GIFT_KINDS = ['rose', 'heart', 'chocolates', 'champagne', 'teddy', 'diamond'] as const
export type GiftKind = (typeof GIFT_KINDS)[number]

export function isGiftKind(value: unknown): value is GiftKind {
  return typeof value === 'string' && (GIFT_KINDS as readonly string[]).includes(value)
}

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true" focusable="false">${body}</svg>`

/** 64x64 pictures; primary = the brand colour, secondary the darker one. */
export const GIFT_IMAGES: Record<GiftKind, string> = {
  rose: svg(
    '<path d="M32 34v24" stroke="#2f7d32" stroke-width="4" stroke-linecap="round"/><path d="M32 46c-6-6-14-5-16-2 5 4 11 5 16 2zm0-4c6-5 13-4 15-1-5 3-11 4-15 1z" fill="#43a047"/><path d="M32 6c-9 0-16 7-16 15 0 8 7 14 16 14s16-6 16-14c0-8-7-15-16-15z" fill="var(--color-primary, #c2255c)"/><path d="M24 18c3-5 13-5 16 0-3 6-13 6-16 0z" fill="var(--color-secondary, #5c1233)" opacity=".55"/>',
  ),
  heart: svg('<path d="M32 56S6 40 6 22c0-8 6-14 13-14 6 0 10 3 13 8 3-5 7-8 13-8 7 0 13 6 13 14 0 18-26 34-26 34z" fill="var(--color-primary, #c2255c)"/><path d="M18 16c-4 1-6 4-6 8" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".7"/>'),
  chocolates: svg(
    '<rect x="6" y="18" width="52" height="36" rx="6" fill="var(--color-secondary, #5c1233)"/><rect x="6" y="18" width="52" height="8" fill="var(--color-primary, #c2255c)"/><circle cx="20" cy="36" r="6" fill="#6d4c41"/><circle cx="32" cy="36" r="6" fill="#8d6e63"/><circle cx="44" cy="36" r="6" fill="#6d4c41"/><circle cx="26" cy="47" r="5" fill="#8d6e63"/><circle cx="38" cy="47" r="5" fill="#6d4c41"/><path d="M32 18c-4-8-12-10-14-6 2 4 8 6 14 6zm0 0c4-8 12-10 14-6-2 4-8 6-14 6z" fill="var(--color-primary, #c2255c)"/>',
  ),
  champagne: svg(
    '<path d="M20 6h12l-1 18c0 5-3 8-5 8s-5-3-5-8z" fill="#f9d976" stroke="var(--color-secondary, #5c1233)" stroke-width="2"/><path d="M26 32v18m-6 0h12" stroke="var(--color-secondary, #5c1233)" stroke-width="3" stroke-linecap="round"/><path d="M38 10h12l-1 18c0 5-3 8-5 8s-5-3-5-8z" fill="#f9d976" stroke="var(--color-secondary, #5c1233)" stroke-width="2"/><path d="M44 36v18m-6 0h12" stroke="var(--color-secondary, #5c1233)" stroke-width="3" stroke-linecap="round"/><circle cx="35" cy="6" r="2" fill="var(--color-primary, #c2255c)"/><circle cx="31" cy="2" r="1.5" fill="var(--color-primary, #c2255c)"/>',
  ),
  teddy: svg(
    '<circle cx="18" cy="14" r="7" fill="#a1887f"/><circle cx="46" cy="14" r="7" fill="#a1887f"/><circle cx="32" cy="24" r="14" fill="#bcaaa4"/><ellipse cx="32" cy="46" rx="16" ry="14" fill="#a1887f"/><circle cx="27" cy="22" r="2" fill="#3e2723"/><circle cx="37" cy="22" r="2" fill="#3e2723"/><ellipse cx="32" cy="29" rx="4" ry="3" fill="#3e2723"/><path d="M24 38l8 4 8-4-8 8z" fill="var(--color-primary, #c2255c)"/>',
  ),
  diamond: svg(
    '<path d="M14 8h36l10 14-28 36L4 22z" fill="var(--color-primary, #c2255c)"/><path d="M4 22h56M22 8l-4 14 14 36 14-36-4-14M18 22l14-14 14 14" stroke="#fff" stroke-width="2" fill="none" opacity=".6"/>',
  ),
}

/** What the pages need to draw a site's catalogue. */
/** `requestKey`: made by the loader, sent with the form, the ledger reference of the one charge (decision 040). */
export type GiftOffer = { kinds: GiftKind[]; price: number; requestKey?: string }
