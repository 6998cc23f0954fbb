// The first page's catalogues travel inside the document, not in the root loader's data:
// the server writes them once per locale and namespace set (i18n.server.ts), and the
// browser reads the same string back before hydrating, so both render the same element.
import { createContext, useContext } from 'react'
import { useNonce } from '../http/nonce.tsx'
import { I18N_DATA_ID, type DocumentCatalogues } from './namespaces.ts'

const CataloguesContext = createContext('')

export const DocumentCataloguesProvider = CataloguesContext.Provider

/** The <script type="application/json"> with the document's catalogues. */
export function DocumentCataloguesScript() {
  const json = useContext(CataloguesContext)
  const nonce = useNonce()
  if (!json) return null
  return <script id={I18N_DATA_ID} type="application/json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
}

/** Browser: the catalogues this document was served with, and their raw text. */
export function readDocumentCatalogues(): { raw: string; data: DocumentCatalogues } {
  const raw = document.getElementById(I18N_DATA_ID)?.textContent ?? ''
  const data = raw ? (JSON.parse(raw) as DocumentCatalogues) : { locale: document.documentElement.lang || 'en', resources: {} }
  return { raw, data }
}
