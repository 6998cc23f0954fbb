// The request's CSP nonce for the document's inline <script>/<style> (set by the server
// edge, passed through the load context). On the client it is empty: browsers hide nonces
// from the DOM and nothing inline is added after hydration.
import { createContext, useContext } from 'react'

const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
