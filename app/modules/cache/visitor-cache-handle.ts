/**
 * What a route exports in its handle to let the edge serve its visitors' documents from the
 * micro-cache (decision 034). Only for a page whose loader reads nothing of the visitor
 * beyond the cache key (app/modules/cache/visitor-page.server.ts) and writes nothing.
 */
export type VisitorCacheHandle = {
  /** `true`: cached per path and query. `any-path`: the 404 page, the same for every unknown path. */
  visitorCache?: true | 'not-found'
}
