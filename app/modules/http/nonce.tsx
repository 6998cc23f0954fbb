// The request's CSP nonce for the document's inline <script>/<style> (set by the server
// edge, passed through the load context). In the browser it is the document's own nonce,
// read from its scripts (the attribute is hidden, the property is not), so an inline
// element React creates again after hydration (the theme's <style>) is still allowed.
import { createContext, useContext } from 'react'

const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}

/** The nonce this document was served with (browser only). */
export function documentNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
}
