// The <title> of an error page: the same text the page shows, after the site's name rules
// (pageTitle), and never indexed. Meta functions run outside React, so the text comes from
// the common catalogue's error texts the root loader sent (English when the root itself failed).
import type { MetaDescriptor } from '@remix-run/node'
import fallbackCommon from '../../locales/en/common.json'
import { catalogueLookup, errorView } from '../http/error-view.ts'
import { attentionOf } from './attention.ts'
import { pageTitle } from './title.ts'

type Match = { id: string; data?: unknown }
type RootLike = { errorTexts?: unknown; settings?: { name?: string } }

export function errorMeta({ error, matches }: { error: unknown; matches: readonly Match[] }): MetaDescriptor[] {
  const root = matches.find((m) => m.id === 'root')?.data as RootLike | undefined
  const { message } = errorView(error, catalogueLookup(root?.errorTexts ?? fallbackCommon))
  const siteName = root?.settings?.name
  return [{ title: siteName ? pageTitle(siteName, message, attentionOf(matches)) : message }, { name: 'robots', content: 'noindex' }]
}
