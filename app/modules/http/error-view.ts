// What the error page says (SPEC §2, §8): the 404 text for unknown pages; for any other
// thrown Response its own message, else a text for its status; for anything unexpected the
// generic text with 500. An unexpected error's own message never reaches the page: it may
// carry SQL, paths or secrets, and the server render would put it into the HTML.
import { isRouteErrorResponse } from '@remix-run/react'

export type ErrorView = { status: number; message: string; unexpected: boolean }

/** A translation for a key of the common catalogue, or undefined when there is none. */
export type TextLookup = (key: string) => string | undefined

const GENERIC = 'errors.generic'

/**
 * A thrown Response's body is shown to the visitor, so throw a translated text (or nothing):
 * `throw data(t('...'), { status: 409 })`, or a JSON body with a `message`.
 */
function dataMessage(data: unknown): string | undefined {
  const text = typeof data === 'string' ? data : typeof data === 'object' && data !== null && 'message' in data ? (data as { message: unknown }).message : undefined
  return typeof text === 'string' && text.trim() !== '' ? text.trim().slice(0, 300) : undefined
}

export function errorView(error: unknown, text: TextLookup): ErrorView {
  const generic = text(GENERIC) ?? 'Something went wrong, please try again later.'
  if (!isRouteErrorResponse(error)) return { status: 500, message: generic, unexpected: true }
  const { status } = error
  // SPEC's 404 text is fixed: a placeholder such as invariantResponse's 'Not found' never replaces it.
  if (status === 404) return { status, message: text('errors.notFound.title') ?? generic, unexpected: false }
  const message = dataMessage(error.data) ?? text(`errors.status.${status}`) ?? (error.statusText.trim() || generic)
  return { status, message, unexpected: false }
}

/** Nested lookup in a catalogue object (for meta functions, which have no i18next instance). */
export function catalogueLookup(catalogue: unknown): TextLookup {
  return (key) => {
    let node: unknown = catalogue
    for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
    return typeof node === 'string' ? node : undefined
  }
}
