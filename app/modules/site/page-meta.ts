// A route's meta replaces its parents' (Remix v2), so the site's description that root
// declares vanished from every page that sets a title (issue 22: Lighthouse SEO 89-91).
// Every member route's meta goes through here: its own tags, plus root's description when
// it has none of its own.
type Tag = Record<string, unknown>
type MetaArgs = { matches: readonly { id: string; meta?: readonly Tag[] }[] }

const isDescription = (tag: Tag) => tag.name === 'description'

export function withSiteDescription<T extends Tag>(args: MetaArgs, tags: readonly T[] | undefined): Tag[] {
  const own = [...(tags ?? [])]
  if (own.some(isDescription)) return own
  const site = args.matches.find((m) => m.id === 'root')?.meta?.find(isDescription)
  return site ? [...own, site] : own
}
