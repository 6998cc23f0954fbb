// The in-memory host -> tenant map. Loaded once at start-up; reloaded when a tenant file
// changes (fs.watch) or when another node announces a reload over the bus. A broken file
// on reload is logged and the last good configuration stays in service.
import { watch } from 'node:fs'
import { THEME_NAMES } from '../../../themes/index.ts'
import { getBus } from '../bus/bus.server.ts'
import { loadTenants, tenantsDir, type LoadedTenant } from './load-tenants.server.ts'
import { buildHostIndex, type HostIndex } from './resolve-host.ts'
import { PoolMoveError, poolMoves } from './sync.server.ts'

export type Registry = { tenants: readonly LoadedTenant[]; index: HostIndex<LoadedTenant>; bySlug: ReadonlyMap<string, LoadedTenant> }

const RELOAD_CHANNEL = 'tenants:reload'

let current: Promise<Registry> | undefined

async function load(): Promise<Registry> {
  const tenants = await loadTenants(THEME_NAMES)
  const index = buildHostIndex(tenants)
  return { tenants, index, bySlug: index.bySlug }
}

let generation = 0

/**
 * Counts the reloads that took effect: whatever was derived from an older configuration
 * (the visitor-page cache, decision 034) knows it is stale when the number changed.
 */
export function registryGeneration(): number {
  return generation
}

export function getRegistry(): Promise<Registry> {
  current ??= load()
  return current
}

/** Writes reloaded tenants to the database; only nodes that know the owner's URL have one. */
export type TenantSync = (tenants: readonly LoadedTenant[]) => Promise<void>

/**
 * Swaps in the tenant files as they now are, unless a file is broken, a site would change
 * pools, or the database sync (when this node has one) fails: then the last good
 * configuration stays in service.
 */
export async function reloadRegistry(reason: string, sync?: TenantSync): Promise<Registry | null> {
  try {
    const previous = current ? await current : null
    const next = await load()
    const moves = previous ? poolMoves(previous.tenants.map((t) => ({ id: t.slug, poolId: t.pool })), next.tenants) : []
    if (moves.length > 0) throw new PoolMoveError(moves)
    if (sync) await sync(next.tenants)
    current = Promise.resolve(next)
    generation++
    console.info(`[tenancy] reloaded ${next.tenants.length} tenants (${reason})`)
    return next
  } catch (error) {
    console.error(`[tenancy] reload failed (${reason}); keeping the previous configuration\n${(error as Error).message}`)
    return null
  }
}

let watching = false

/** Watches tenants/ on this node and listens for reloads announced by other nodes. */
export async function watchTenantFiles(sync?: TenantSync): Promise<void> {
  if (watching) return
  watching = true
  const bus = getBus()
  const nodeId = crypto.randomUUID()
  await bus.subscribe(RELOAD_CHANNEL, (origin) => {
    if (origin !== nodeId) void reloadRegistry('announced by another node')
  })
  let timer: NodeJS.Timeout | undefined
  watch(tenantsDir(), () => {
    clearTimeout(timer)
    timer = setTimeout(async () => {
      // The runtime role may not write sites; without the owner's URL, `npm run setup` syncs.
      if (!sync) console.warn('[tenancy] reloading without a database sync: run `npm run setup` for new sites or domains')
      const next = await reloadRegistry('tenant file changed', sync)
      if (next) await bus.publish(RELOAD_CHANNEL, nodeId)
    }, 200)
  }).unref()
}
