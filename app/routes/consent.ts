// POST /consent: the cookie banner's answer (and the cookie page's "change your choice").
// Without JavaScript the form posts here and comes back to the page it was on; the banner's
// fetcher gets the choice as data. Either way the root data revalidates, so the tags load
// (or stay off) at once.
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { consentCookie } from '~/modules/consent/consent.server.ts'
import { originOf, safeRedirect } from '~/modules/http/safe-redirect.ts'

const ConsentSchema = z.object({ choice: z.enum(['all', 'necessary', 'reset']), redirectTo: z.string().max(2000).optional(), js: z.literal('1').optional() })

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const parsed = ConsentSchema.safeParse({ choice: form.get('choice'), redirectTo: form.get('redirectTo') ?? undefined, js: form.get('js') ?? undefined })
  if (!parsed.success) return data({ error: 'bad choice' }, { status: 400 })
  const { choice, redirectTo, js } = parsed.data
  const headers = { 'Set-Cookie': consentCookie(choice === 'reset' ? null : choice) }
  if (js) return data({ consent: choice === 'reset' ? null : choice }, { headers })
  return redirect(safeRedirect(redirectTo, '/', originOf(request)), { headers })
}

export function loader() {
  throw new Response('Not Found', { status: 404 })
}
