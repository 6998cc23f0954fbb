// The flash toast: an action that redirects sets a short-lived cookie, the next page's root
// loader reads it, translates it in the page's language and clears it. The cookie is not
// signed (it carries no secret), so what it may say is checked on the way in: only known
// keys, and a name no longer than a profile name.
import { createCookie } from '@remix-run/node'
import { secureCookies } from '../config/env.server.ts'
import type { AppContext } from '../tenancy/context.server.ts'
import { z } from 'zod'
import { TOAST_KEYS, type ShownToast, type Toast } from './toast-keys.ts'

const toastCookie = createCookie('toast', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60, secure: secureCookies() })

const ToastSchema = z.object({ key: z.enum(TOAST_KEYS), values: z.object({ name: z.string().max(60).optional() }).optional() })

/** Tells the member what happened, on the page the redirect leads to. */
export async function flashToast(context: Pick<AppContext, 'setCookies'>, toast: Toast): Promise<void> {
  context.setCookies.push(await toastCookie.serialize(toast))
}

/** The flashed toast of this request, translated; clears it so it shows once. */
export async function takeToast(context: Pick<AppContext, 'setCookies' | 't'>, request: Request): Promise<ShownToast | null> {
  const cookieHeader = request.headers.get('cookie')
  if (!cookieHeader?.includes('toast=')) return null
  const raw: unknown = await toastCookie.parse(cookieHeader).catch(() => null)
  context.setCookies.push(await toastCookie.serialize('', { maxAge: 0 }))
  const parsed = ToastSchema.safeParse(raw)
  if (!parsed.success) return null
  const { key, values } = parsed.data
  return { id: crypto.randomUUID(), text: context.t(`toast.${key}`, { ns: 'common', name: values?.name ?? '' }) }
}
