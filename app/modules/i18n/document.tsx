// The first page's catalogues: the document names their content-hashed files (decision
// 036) in a small JSON script and preloads them; the browser reads the same string back
// and fetches the files (already on their way) before hydrating, so both render the same
// element and no catalogue travels inside the HTML.
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

/** <link rel="preload"> for the document's catalogue files: fetched alongside the scripts. */
export function CataloguePreloads() {
  const json = useContext(CataloguesContext)
  if (!json) return null
  const { urls } = JSON.parse(json) as DocumentCatalogues
  return (
    <>
      {Object.values(urls).map((href) => (
        <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />
      ))}
    </>
  )
}

/** Browser: the catalogues this document was served with (loaded), and the script's raw text. */
export async function readDocumentCatalogues(): Promise<{ raw: string; locale: string; resources: Record<string, unknown> }> {
  const raw = document.getElementById(I18N_DATA_ID)?.textContent ?? ''
  const data: DocumentCatalogues = raw ? (JSON.parse(raw) as DocumentCatalogues) : { locale: document.documentElement.lang || 'en', urls: {} }
  const resources: Record<string, unknown> = {}
  await Promise.all(
    Object.entries(data.urls).map(async ([namespace, url]) => {
      // Same mode as the preload (crossorigin=anonymous), so the preloaded answer is used.
      const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null)
      // A namespace that did not arrive is loaded on demand by the i18n backend instead.
      if (response?.ok) resources[namespace] = await response.json()
    }),
  )
  return { raw, locale: data.locale, resources }
}
