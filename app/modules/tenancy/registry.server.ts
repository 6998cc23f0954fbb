// The in-memory host -> tenant map, loaded from the database by version (decision 057): the
// newest configuration release at start-up, a newer one when another node announces it on
// the bus or a periodic check finds one. A node never swaps in a release older than the
// one it serves. The tenant files are read only to make a release: by `npm run setup`, and
// in development by the file watch of a node that has the owner's URL (file change ->
// checks -> sync -> new release -> event -> every node loads that version). Without a
// database (a unit test) the files are read directly, as before.
import { watch } from 'node:fs'
import { THEME_NAMES } from '../../../themes/index.ts'
import { getBus } from '../bus/bus.server.ts'
import { getEnv } from '../config/env.server.ts'
import { getRuntimeDb } from '../db/client.server.ts'
import { loadTenants, tenantsDir, type LoadedTenant } from './load-tenants.server.ts'
import { latestReleaseVersion, readRelease } from './releases.server.ts'
import { buildHostIndex, type HostIndex } from './resolve-host.ts'
import { PoolMoveError, poolMoves } from './sync.server.ts'

export type Registry = {
  tenants: readonly LoadedTenant[]
  index: HostIndex<LoadedTenant>
  bySlug: ReadonlyMap<string, LoadedTenant>
  /** The configuration release served (0: read from the files, no database release). */
  version: number
}

const RELOAD_CHANNEL = 'tenants:reload'
/** How often a node asks the database for a release it may have missed (a lost event). */
export const RELEASE_CHECK_MS = 30_000

let current: Promise<Registry> | undefined

function registryOf(tenants: readonly LoadedTenant[], version: number): Registry {
  const index = buildHostIndex(tenants)
  return { tenants, index, bySlug: index.bySlug, version }
}

/** Whether this process has a database to load releases from. */
const fromDatabase = () => Boolean(getEnv().APP_DATABASE_URL)

let warnedNoRelease = false

/** Release `version` (the newest without one), or the files where there is no database. */
async function load(version?: number): Promise<Registry> {
  if (fromDatabase()) {
    const release = await readRelease(getRuntimeDb(), THEME_NAMES, version)
    if (release) return registryOf(release.tenants, release.version)
    if (version !== undefined) throw new Error(`the tenant configuration release ${version} is not in the database`)
    if (getEnv().mode === 'production') throw new Error('Cannot start: the database has no tenant configuration release; run the release step (`npm run setup`) first.')
    if (!warnedNoRelease) console.warn('[tenancy] the database has no tenant configuration release yet (`npm run setup` makes one): reading tenants/ directly')
    warnedNoRelease = true
  }
  return registryOf(await loadTenants(THEME_NAMES), 0)
}

let generation = 0

/**
 * Counts the reloads that took effect: whatever was derived from an older configuration
 * (the visitor-page cache, decision 034) knows it is stale when the number changed.
 */
export function registryGeneration(): number {
  return generation
}

/** The newest release this process has served: it never serves an older one after it. */
let servedVersion = -1

export function getRegistry(): Promise<Registry> {
  current ??= load().then((registry) => {
    servedVersion = Math.max(servedVersion, registry.version)
    return registry
  })
  return current
}

/** The configuration release this process serves (-1 before the first load). */
export function servedRelease(): number {
  return servedVersion
}

/** Writes checked tenant files to the database as a new release; returns its version. */
export type TenantSync = (tenants: readonly LoadedTenant[]) => Promise<number>

/** Swaps `next` in unless the node already serves the same or a newer release. */
function swapIn(previous: Registry | null, next: Registry, reason: string): Registry {
  // Compared with what is served now, not with what was served when the reload began.
  if (previous && next.version !== 0 && next.version <= servedVersion) return previous
  servedVersion = Math.max(servedVersion, next.version)
  current = Promise.resolve(next)
  generation++
  console.info(`[tenancy] serving ${next.tenants.length} tenants, configuration release ${next.version} (${reason})`)
  return next
}

/**
 * Loads a newer configuration: with `sync` (a node with the owner's URL, after its tenant
 * files changed) the files are checked, written as a new release and that release is
 * loaded; without it, release `version` (announced by another node) or the newest. A broken
 * file, a site that would change pools or a failed sync keep the current configuration.
 * Never goes back to an older release than the one served.
 */
export async function reloadRegistry(reason: string, sync?: TenantSync, version?: number): Promise<Registry | null> {
  try {
    const previous = current ? await current.catch(() => null) : null
    if (previous && version !== undefined && version <= servedVersion) return previous
    if (sync) {
      const files = await loadTenants(THEME_NAMES)
      const moves = previous ? poolMoves(previous.tenants.map((t) => ({ id: t.slug, poolId: t.pool })), files) : []
      if (moves.length > 0) throw new PoolMoveError(moves)
      const released = await sync(files)
      return swapIn(previous, fromDatabase() ? await load(released) : registryOf(files, released), reason)
    }
    const next = await load(version)
    if (previous && next.version === 0) {
      // No database: the files are the configuration (unit tests, a bare script).
      const moves = poolMoves(previous.tenants.map((t) => ({ id: t.slug, poolId: t.pool })), next.tenants)
      if (moves.length > 0) throw new PoolMoveError(moves)
    }
    return swapIn(previous, next, reason)
  } catch (error) {
    console.error(`[tenancy] reload failed (${reason}); keeping the previous configuration\n${(error as Error).message}`)
    return null
  }
}

let watching = false

/**
 * Listens for releases announced by other nodes (and checks for missed ones every
 * RELEASE_CHECK_MS); watches tenants/ on this node, which makes a release only with `sync`.
 */
export async function watchTenantFiles(sync?: TenantSync): Promise<void> {
  if (watching) return
  watching = true
  const bus = getBus()
  await bus.subscribe(RELOAD_CHANNEL, (message) => {
    const version = Number(message)
    if (Number.isInteger(version) && version > 0) void reloadRegistry(`release ${version} announced`, undefined, version)
  })
  if (fromDatabase()) {
    setInterval(() => {
      void (async () => {
        const newest = await latestReleaseVersion(getRuntimeDb()).catch(() => 0)
        if (servedVersion >= 0 && newest > servedVersion) await reloadRegistry(`release ${newest} found`, undefined, newest)
      })()
    }, RELEASE_CHECK_MS).unref()
  }
  let timer: NodeJS.Timeout | undefined
  watch(tenantsDir(), () => {
    clearTimeout(timer)
    timer = setTimeout(async () => {
      // The runtime role may not write sites or releases: the release step does.
      if (!sync && fromDatabase()) {
        console.warn('[tenancy] tenant files changed; this node serves releases from the database: run `npm run setup` to release them')
        return
      }
      const next = await reloadRegistry('tenant file changed', sync)
      if (next && next.version > 0) await bus.publish(RELOAD_CHANNEL, String(next.version)).catch(() => undefined)
    }, 200)
  }).unref()
}

/** Announces a release to every node (after `npm run setup` or a sync of this node). */
export async function announceRelease(version: number): Promise<void> {
  await getBus().publish(RELOAD_CHANNEL, String(version))
}
