// The Server-Timing header of every document and data answer (as epic-stack does): where
// the request's time went on this node. Browsers show it in their network panel; the
// benchmark reads it. `cache` says whether the visitor micro-cache answered (decision 034).
export type CacheOutcome = 'hit' | 'miss' | 'bypass'

export function serverTiming(parts: { cache: CacheOutcome; totalMs: number; dbMs?: number; statements?: number; renderMs?: number }): string {
  const entries = [`cache;desc=${parts.cache}`]
  if (parts.dbMs !== undefined) entries.push(`db;dur=${parts.dbMs.toFixed(1)};desc="${parts.statements ?? 0} statements"`)
  if (parts.renderMs !== undefined) entries.push(`render;dur=${parts.renderMs.toFixed(1)}`)
  entries.push(`total;dur=${parts.totalMs.toFixed(1)}`)
  return entries.join(', ')
}
