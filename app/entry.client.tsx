import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { NonceProvider, documentNonce } from './modules/http/nonce.tsx'

const nonce = documentNonce()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider value={nonce}>
        <RemixBrowser />
      </NonceProvider>
    </StrictMode>,
  )
})
