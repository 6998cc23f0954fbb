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

async function hydrate() {
  // The document preloaded its catalogue files: they are here about when the scripts are.
  const catalogues = await readDocumentCatalogues()
  const i18n = createClientI18n(catalogues)
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
}

void hydrate()
