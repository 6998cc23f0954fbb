// Which translation namespaces a page needs. Every route module that renders text names its
// namespaces in `handle.i18n`; a document carries 'common' plus those of its matched routes
// (app/entry.server.tsx), and the browser loads any other namespace when a later page
// needs it (app/modules/i18n/client.ts). namespaces.test.ts checks every route's handle
// against the namespaces its module graph actually uses.
export const NAMESPACES = ['common', 'pages', 'mail', 'signup', 'account', 'settings', 'profile', 'photos', 'search', 'likes', 'swipe', 'chat', 'payments', 'console'] as const
export type Namespace = (typeof NAMESPACES)[number]

/** Namespaces the browser needs; the others are only used on the server. */
export const CLIENT_NAMESPACES = ['common', 'signup', 'account', 'settings', 'profile', 'photos', 'search', 'likes', 'swipe', 'chat', 'payments', 'console'] as const satisfies readonly Namespace[]
export type ClientNamespace = (typeof CLIENT_NAMESPACES)[number]

/** A route module's `handle`, as far as translations go. */
export type I18nHandle = { i18n?: readonly ClientNamespace[] }

const isClientNamespace = (ns: unknown): ns is ClientNamespace => (CLIENT_NAMESPACES as readonly unknown[]).includes(ns)

/** 'common' plus every namespace the given route handles name, in a stable order. */
export function namespacesFor(handles: readonly unknown[]): ClientNamespace[] {
  const wanted = new Set<ClientNamespace>(['common'])
  for (const handle of handles) {
    const list = (handle as I18nHandle | undefined)?.i18n
    if (Array.isArray(list)) for (const ns of list) if (isClientNamespace(ns)) wanted.add(ns)
  }
  return CLIENT_NAMESPACES.filter((ns) => wanted.has(ns))
}

/** The id of the document's JSON script with the first page's catalogues. */
export const I18N_DATA_ID = 'i18n-data'

/** What the document carries: its locale and the URL of each namespace's catalogue file. */
export type DocumentCatalogues = { locale: string; urls: Record<string, string> }
