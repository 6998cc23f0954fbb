// The request context on the console host (decision 023): no site, no member; the
// operator's session (if any), the console's language and translator, the runtime client.
// Remix's AppLoadContext is typed as the member context; console routes reach this one
// through consoleContextOf / requireOperator, which check `face` first.
import type { AppLoadContext } from '@remix-run/node'
import type { TFunction } from 'i18next'
import { LOCALES, type Locale } from '../../../tenants/schema.ts'
import { getRuntimeDb, type Db } from '../db/client.server.ts'
import { serverI18n } from '../i18n/i18n.server.ts'
import { loadConsoleSession, type ConsoleSession } from '../operators/session.server.ts'

export type ConsoleContext = {
  face: 'console'
  locale: Locale
  t: TFunction
  db: Db
  session: ConsoleSession | null
  /** Never a member here: the member cookie is not even read on this host. */
  member: null
  setCookies: string[]
  cspNonce: string
  clientIp: string
  endReads: () => Promise<void>
}

/** The console speaks every catalogue language; Dutch unless the operator or ?lng= says otherwise. */
export const CONSOLE_DEFAULT_LOCALE: Locale = 'nl'

const isLocale = (value: string | null | undefined): value is Locale => (LOCALES as readonly string[]).includes(value ?? '')

function cookieLocale(cookieHeader: string | null): string | null {
  const match = /(?:^|;\s*)olng=([a-z]{2})/.exec(cookieHeader ?? '')
  return match?.[1] ?? null
}

export const consoleTranslator = (locale: Locale): TFunction => serverI18n(locale, 'en').t

export async function buildConsoleContext(request: Request, edge: { cspNonce?: string; clientIp?: string } = {}): Promise<ConsoleContext> {
  const db = getRuntimeDb()
  const cookie = request.headers.get('cookie')
  const session = await loadConsoleSession(db, cookie)
  const asked = new URL(request.url).searchParams.get('lng')
  const setCookies: string[] = []
  let locale: Locale = CONSOLE_DEFAULT_LOCALE
  if (isLocale(asked)) {
    locale = asked
    setCookies.push(`olng=${asked}; Path=/; Max-Age=31536000; SameSite=Lax`)
  } else if (session?.stage === 'full' && isLocale(session.operator.locale)) locale = session.operator.locale
  else {
    const fromCookie = cookieLocale(cookie)
    if (isLocale(fromCookie)) locale = fromCookie
  }
  return {
    face: 'console',
    locale,
    t: consoleTranslator(locale),
    db,
    session,
    member: null,
    setCookies,
    cspNonce: edge.cspNonce ?? '',
    clientIp: edge.clientIp ?? '',
    endReads: async () => undefined,
  }
}

export function isConsoleContext(context: AppLoadContext | ConsoleContext): boolean {
  return (context as { face?: string }).face === 'console'
}

/** The console's context, or 404 when the request came to a member site. */
export function consoleContextOf(context: AppLoadContext): ConsoleContext {
  if (!isConsoleContext(context)) throw new Response('Not Found', { status: 404 })
  return context as unknown as ConsoleContext
}
