// Which page a document request will render, before Remix runs, so the edge asks the
// micro-cache only for pages that allow it (decision 034). The route tree is built once
// per server build from its manifest; matching uses Remix's own matcher.
import type { ServerBuild } from '@remix-run/node'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'

/** A page's handle: `true` caches per path and query; `any-path` (the 404 page) once for all paths. */
export type VisitorCachePolicy = true | 'not-found'

type Tree = AgnosticRouteObject[]
const trees = new WeakMap<ServerBuild, Tree>()

function treeOf(build: ServerBuild): Tree {
  let tree = trees.get(build)
  if (tree) return tree
  const byParent = new Map<string | undefined, ServerBuild['routes'][string][]>()
  for (const route of Object.values(build.routes)) {
    const siblings = byParent.get(route.parentId) ?? []
    siblings.push(route)
    byParent.set(route.parentId, siblings)
  }
  const nest = (parentId: string | undefined): Tree =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: nest(route.id) },
    )
  tree = nest(undefined)
  trees.set(build, tree)
  return tree
}

/** The page's micro-cache policy for this path, or null when it renders per request. */
export function visitorCachePolicy(build: ServerBuild, pathname: string): VisitorCachePolicy | null {
  const matches = matchRoutes(treeOf(build), pathname, build.basename)
  const leaf = matches?.[matches.length - 1]
  if (!leaf) return null
  const handle = build.routes[leaf.route.id!]?.module.handle as { visitorCache?: unknown } | undefined
  return handle?.visitorCache === true || handle?.visitorCache === 'not-found' ? handle.visitorCache : null
}
