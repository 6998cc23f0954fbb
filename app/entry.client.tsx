import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { createClientI18n } from './modules/i18n/client.ts'
import { DocumentCataloguesProvider, readDocumentCatalogues } from './modules/i18n/document.tsx'
import { NonceProvider, documentNonce } from './modules/http/nonce.tsx'
import { installChunkReloadGuard } from './modules/http/reload-guard.ts'

installChunkReloadGuard()

const nonce = documentNonce()
const catalogues = readDocumentCatalogues()
const i18n = createClientI18n(catalogues.data)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <DocumentCataloguesProvider value={catalogues.raw}>
            <RemixBrowser />
          </DocumentCataloguesProvider>
        </I18nextProvider>
      </NonceProvider>
    </StrictMode>,
  )
})
