// A/B variants of a lander (decision 014): a first visit draws a variant by weight and the
// visitor keeps it (a cookie per browser, one entry per lander). A slug shows its variant
// without drawing. The last lander seen is remembered too, so a signup is credited to it.
import type { LanderVariant } from '../../../landers/define.ts'

export type Assignments = { assigned: Record<string, string>; last: { lander: string; variant: string } | null }

export const LANDER_COOKIE = 'lnd'
export const LANDER_COOKIE_MAX_AGE_S = 90 * 24 * 3600

const NAME = /^[a-z][a-z0-9-]{0,40}$/

/** The cookie's value, whatever a browser sends: unknown or malformed parts are dropped. */
export function parseAssignments(raw: unknown): Assignments {
  const out: Assignments = { assigned: {}, last: null }
  if (!raw || typeof raw !== 'object') return out
  const { assigned, last } = raw as { assigned?: unknown; last?: unknown }
  if (assigned && typeof assigned === 'object') {
    for (const [lander, variant] of Object.entries(assigned).slice(0, 50)) {
      if (NAME.test(lander) && typeof variant === 'string' && NAME.test(variant)) out.assigned[lander] = variant
    }
  }
  if (last && typeof last === 'object') {
    const { lander, variant } = last as { lander?: unknown; variant?: unknown }
    if (typeof lander === 'string' && typeof variant === 'string' && NAME.test(lander) && NAME.test(variant)) out.last = { lander, variant }
  }
  return out
}

/** A variant by weight; `random` in [0, 1). Variants of weight 0 are reachable by slug only. */
export function drawVariant(variants: readonly LanderVariant[], random: number = Math.random()): LanderVariant {
  const drawable = variants.filter((v) => v.weight > 0)
  const pool = drawable.length > 0 ? drawable : variants
  const total = pool.reduce((sum, v) => sum + Math.max(v.weight, 0), 0)
  let point = random * (total || pool.length)
  for (const v of pool) {
    point -= total ? v.weight : 1
    if (point < 0) return v
  }
  const fallback = pool[pool.length - 1]
  if (!fallback) throw new Error('a lander needs at least one variant')
  return fallback
}

export type Choice = { variant: LanderVariant; firstVisit: boolean }

/**
 * Which variant this visit shows. `slug`: that variant (undefined when it does not exist).
 * Otherwise the visitor's kept variant, or a new draw (`firstVisit`).
 */
export function chooseVariant(variants: readonly LanderVariant[], lander: string, slug: string | undefined, assignments: Assignments, random?: number): Choice | undefined {
  if (slug !== undefined) {
    const variant = variants.find((v) => v.id === slug)
    return variant ? { variant, firstVisit: !(lander in assignments.assigned) } : undefined
  }
  const kept = variants.find((v) => v.id === assignments.assigned[lander])
  if (kept) return { variant: kept, firstVisit: false }
  return { variant: drawVariant(variants, random), firstVisit: true }
}
