import type { LoaderFunctionArgs } from '@remix-run/node'

// The site's icon: its theme's mark with the brand colour filled in.
export async function loader({ context }: LoaderFunctionArgs) {
  const svg = context.theme.logoMark.replaceAll('var(--color-primary)', context.theme.colors.primary)
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' } })
}
