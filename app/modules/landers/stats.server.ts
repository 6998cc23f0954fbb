// Lander counts (decision 014): a first visit, a signup and an activation each add one to
// their site / lander / variant / traffic source row. The report compares every variant's
// conversion (signups / visits) with the control's (the lander's first variant) by a
// two-proportion z-test.
import type { Db } from '../db/client.server.ts'
import { readScoped, withScope, type Reader, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import type { Tracking } from '../accounts/tracking-params.ts'

export type LanderEvent = 'visit' | 'signup' | 'activation'
export type LanderKey = { lander: string; variant: string; source: string }

/** The traffic source a count is filed under: the network, else the referrer, else direct (''). */
export function sourceOf(tracking: Tracking | null | undefined): string {
  return (tracking?.network ?? tracking?.ref ?? '').slice(0, 100)
}

const COLUMN = { visit: 'visits', signup: 'signups', activation: 'activations' } as const

/** Adds one inside a scoped transaction (the signup's or the activation's own). */
export async function countLanderEventTx(tx: ScopedTx, tenantId: string, key: LanderKey, event: LanderEvent): Promise<void> {
  const column = COLUMN[event]
  // The column name comes from the fixed map above, never from input.
  await tx.$executeRawUnsafe(
    `INSERT INTO "LanderStat" ("tenantId", "lander", "variant", "source", "${column}") VALUES ($1, $2, $3, $4, 1)
     ON CONFLICT ("tenantId", "lander", "variant", "source") DO UPDATE SET "${column}" = "LanderStat"."${column}" + 1, "updatedAt" = now()`,
    tenantId, key.lander.slice(0, 41), key.variant.slice(0, 41), key.source.slice(0, 100),
  )
}

export async function countLanderEvent(db: Db, scope: Scope, key: LanderKey, event: LanderEvent): Promise<void> {
  await withScope(db, scope, (tx) => countLanderEventTx(tx, scope.tenantId, key, event))
}

/** The lander a stored account's tracking data credits (set at signup), or null. */
export function landerKeyOf(tracking: unknown): LanderKey | null {
  if (!tracking || typeof tracking !== 'object') return null
  const t = tracking as Record<string, unknown>
  if (typeof t.lander !== 'string' || typeof t.variant !== 'string') return null
  return { lander: t.lander, variant: t.variant, source: sourceOf(t as Tracking) }
}

export type VariantFigures = {
  lander: string
  variant: string
  visits: number
  signups: number
  activations: number
  /** signups / visits (0 without visits). */
  conversion: number
  /** z of this variant against the control; null for the control or without data. */
  z: number | null
  /** Two-sided p-value of z; null with z. */
  p: number | null
}

/** Two-proportion z-test (pooled): how far conversion b lies from a, in standard errors. */
export function zTest(visitsA: number, signupsA: number, visitsB: number, signupsB: number): number | null {
  if (visitsA === 0 || visitsB === 0) return null
  const pooled = (signupsA + signupsB) / (visitsA + visitsB)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / visitsA + 1 / visitsB))
  if (se === 0) return null
  return (signupsB / visitsB - signupsA / visitsA) / se
}

/** Two-sided p-value of a standard normal z (Abramowitz-Stegun 7.1.26, error < 1.5e-7). */
export function pValue(z: number): number {
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x)
  return Math.max(0, Math.min(1, 1 - erf))
}

export type StatRow = { lander: string; variant: string; source: string; visits: number; signups: number; activations: number }

export async function landerStats(reader: Reader, scope: Scope): Promise<StatRow[]> {
  return readScoped(reader, scope, (tx) =>
    tx.landerStat.findMany({
      where: { tenantId: scope.tenantId },
      orderBy: [{ lander: 'asc' }, { variant: 'asc' }, { source: 'asc' }],
      select: { lander: true, variant: true, source: true, visits: true, signups: true, activations: true },
    }),
  )
}

/**
 * Per lander and variant over all sources (or one `source`). `controls` names each lander's
 * control variant; without one, the alphabetically first variant is the control.
 */
export function variantFigures(rows: readonly StatRow[], controls: Record<string, string> = {}, source?: string): VariantFigures[] {
  const sums = new Map<string, VariantFigures>()
  for (const row of rows) {
    if (source !== undefined && row.source !== source) continue
    const key = `${row.lander}\u0000${row.variant}`
    const sum = sums.get(key) ?? { lander: row.lander, variant: row.variant, visits: 0, signups: 0, activations: 0, conversion: 0, z: null, p: null }
    sum.visits += row.visits
    sum.signups += row.signups
    sum.activations += row.activations
    sums.set(key, sum)
  }
  const figures = [...sums.values()].sort((a, b) => a.lander.localeCompare(b.lander) || a.variant.localeCompare(b.variant))
  for (const f of figures) f.conversion = f.visits > 0 ? f.signups / f.visits : 0
  for (const f of figures) {
    const controlId = controls[f.lander] ?? figures.find((g) => g.lander === f.lander)?.variant
    const control = figures.find((g) => g.lander === f.lander && g.variant === controlId)
    if (!control || control === f) continue
    f.z = zTest(control.visits, control.signups, f.visits, f.signups)
    f.p = f.z === null ? null : pValue(f.z)
  }
  return figures
}
