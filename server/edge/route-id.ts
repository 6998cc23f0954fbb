// The id of the Remix route a path matches ("routes/_default.members.$id"), for logs and
// metric labels: a handful of values, unlike paths. The route tree is built once per build.
import type { ServerBuild } from '@remix-run/node'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'

const trees = new WeakMap<ServerBuild, AgnosticRouteObject[]>()

function treeOf(build: ServerBuild): AgnosticRouteObject[] {
  const known = trees.get(build)
  if (known) return known
  const routes = Object.values(build.routes)
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true as const, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) }))
  const tree = children(undefined)
  trees.set(build, tree)
  return tree
}

export function routeIdOf(build: ServerBuild, pathname: string): string {
  const matches = matchRoutes(treeOf(build), pathname)
  return matches?.at(-1)?.route.id ?? 'not-found'
}
