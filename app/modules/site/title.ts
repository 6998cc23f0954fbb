/** "(3) Page - Site": SPEC §2 prefixes unread messages plus new likes when there are any. */
export function pageTitle(siteName: string, page?: string, unread = 0): string {
  const base = page ? `${page} - ${siteName}` : siteName
  return unread > 0 ? `(${unread}) ${base}` : base
}
