// The in-memory host -> tenant map. Loaded once at start-up; reloaded when a tenant file
// changes (fs.watch) or when another node announces a reload over the bus. A broken file
// on reload is logged and the last good configuration stays in service.
import { watch } from 'node:fs'
import { THEME_NAMES } from '../../../themes/index.ts'
import { getBus } from '../bus/bus.server.ts'
import { getRuntimeDb } from '../db/client.server.ts'
import { loadTenants, tenantsDir, type LoadedTenant } from './load-tenants.server.ts'
import { buildHostIndex, type HostIndex } from './resolve-host.ts'
import { syncTenants } from './sync.server.ts'

export type Registry = { tenants: readonly LoadedTenant[]; index: HostIndex<LoadedTenant>; bySlug: ReadonlyMap<string, LoadedTenant> }

const RELOAD_CHANNEL = 'tenants:reload'

let current: Promise<Registry> | undefined

async function load(): Promise<Registry> {
  const tenants = await loadTenants(THEME_NAMES)
  const index = buildHostIndex(tenants)
  return { tenants, index, bySlug: index.bySlug }
}

export function getRegistry(): Promise<Registry> {
  current ??= load()
  return current
}

export async function reloadRegistry(reason: string): Promise<Registry | null> {
  try {
    const next = await load()
    current = Promise.resolve(next)
    console.info(`[tenancy] reloaded ${next.tenants.length} tenants (${reason})`)
    return next
  } catch (error) {
    console.error(`[tenancy] reload failed (${reason}); keeping the previous configuration\n${(error as Error).message}`)
    return null
  }
}

let watching = false

/** Watches tenants/ on this node and listens for reloads announced by other nodes. */
export async function watchTenantFiles(): Promise<void> {
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
      const next = await reloadRegistry('tenant file changed')
      if (!next) return
      await syncTenants(getRuntimeDb(), next.tenants).catch((error: Error) => console.error(`[tenancy] sync failed: ${error.message}`))
      await bus.publish(RELOAD_CHANNEL, nodeId)
    }, 200)
  }).unref()
}
