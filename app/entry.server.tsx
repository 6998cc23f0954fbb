import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type ActionFunctionArgs, type AppLoadContext, type EntryContext, type LoaderFunctionArgs } from '@remix-run/node'
import { RemixServer, isRouteErrorResponse } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { buildAppContext } from './modules/tenancy/context.server.ts'
import { buildConsoleContext } from './modules/console/context.server.ts'
import { consoleHostName, isConsoleHost } from './modules/console/host.ts'
import { tenantForHost } from './modules/tenancy/request-tenant.server.ts'
import { getRegistry, watchTenantFiles } from './modules/tenancy/registry.server.ts'
import { syncTenants } from './modules/tenancy/sync.server.ts'
import { isDatabaseUnavailable, markUnavailable } from './modules/http/unavailable.server.ts'
import { readiness as checkReadiness, registerScrapedMetrics, type Readiness } from './modules/http/readiness.server.ts'
import { missingMollieKeys } from './modules/payments/mollie.server.ts'
import { startJobs, type JobRunner } from './modules/jobs/runner.server.ts'
import { appJobHandlers } from './modules/jobs/app-jobs.server.ts'
import { loadNotificationSecrets } from './modules/notifications/vapid.server.ts'
import { getEnv } from './modules/config/env.server.ts'
import { createDb, disconnectRuntimeDb, getRuntimeDb } from './modules/db/client.server.ts'
import { closeBus } from './modules/bus/bus.server.ts'
import { closeRedis } from './modules/kv/redis.server.ts'
import { closeLimits } from './modules/limits/limiter.server.ts'
import { NonceProvider } from './modules/http/nonce.tsx'
import { unknownHostPage } from './modules/tenancy/unknown-host.server.ts'
import { catalogueAt, documentCatalogues, serverI18n } from './modules/i18n/i18n.server.ts'
import { DocumentCataloguesProvider } from './modules/i18n/document.tsx'
import { namespacesFor } from './modules/i18n/namespaces.ts'
import { cspSourcesFor, type CspSources } from './modules/consent/providers.ts'
import { CACHEABLE_HEADER, rendersForAnyVisitor, visitorCacheDecision, type VisitorCacheDecision } from './modules/cache/visitor-page.server.ts'

const ABORT_DELAY = 5_000

// --- Hooks for server/app.ts (exported from the server build's entry module) ---------

let jobs: JobRunner | undefined

/**
 * Loads and checks the tenant files (throws TenantConfigError with file, field and reason),
 * then starts the background work: tenant-file watching and the job runner (pg-boss: mail,
 * push, notifications, the hourly purge of accounts whose 14-day deletion grace has ended,
 * reminders; decision 016). A changed tenant file is written to the database through the
 * owner's connection when this node has it (the runtime role only reads sites); the VAPID
 * keys and the unsubscribe key are read (or made once) in the owner-only secret store.
 */
export async function startTenancy(options: { watch: boolean; jobs?: boolean; ownerDatabaseUrl?: string }): Promise<number> {
  const registry = await getRegistry()
  // The console's host is no site's (decision 023): a collision would hand one of them the other's pages.
  const consoleHost = currentConsoleHost()
  const taken = registry.tenants.find((t) => t.domains.includes(consoleHost ?? '') || (getEnv().LOCALHOST_TENANTS && `${t.slug}.localhost` === consoleHost))
  if (taken) throw new Error(`Cannot start: OPERATOR_HOST ${consoleHost} is also a host of the site ${taken.slug}; give the console a host of its own.`)
  // A site that sells credits needs its Mollie key in production (docs/decisions/015).
  if (getEnv().mode === 'production') {
    const missing = missingMollieKeys(registry.tenants)
    if (missing.length > 0) throw new Error(`Cannot start: the environment is not valid.\n${missing.map((line) => `  - ${line}`).join('\n')}`)
  }
  const ownerUrl = options.ownerDatabaseUrl
  const sync = ownerUrl
    ? async (tenants: Parameters<typeof syncTenants>[1]) => {
        const owner = createDb(ownerUrl, 1)
        try {
          return await syncTenants(owner, tenants)
        } finally {
          await owner.$disconnect()
        }
      }
    : undefined
  if (options.watch) await watchTenantFiles(sync)
  // Production nodes read the shared secrets with the runtime role; none are made up there.
  await loadNotificationSecrets(
    registry.tenants.map((t) => t.slug),
    ownerUrl,
    { appUrl: getEnv().APP_DATABASE_URL, required: getEnv().mode === 'production', log: (line) => console.warn(`[secrets] ${line}`) },
  )
  // PROCESS_ROLE=web: the job runner lives on worker processes (docs/decisions/046).
  if (options.jobs !== false && getEnv().PROCESS_ROLE !== 'web') {
    const db = getRuntimeDb()
    jobs = await startJobs({
      connectionString: getEnv().APP_DATABASE_URL!,
      handlers: appJobHandlers({ db, tenants: async () => (await getRegistry()).tenants }),
    })
  }
  registerScrapedMetrics()
  return registry.tenants.length
}

/** What `/readyz` reports (decision 047). */
export function readiness(): Promise<Readiness> {
  return checkReadiness()
}

/** Ends background work and closes connections, once requests have drained. */
export async function stopBackground(): Promise<void> {
  const runner = jobs
  jobs = undefined
  // Jobs in hand finish (or are handed back for a retry elsewhere) before the pool closes.
  await runner?.stop({ timeoutMs: 5_000 }).catch((error: unknown) => console.error('[jobs] stop:', error))
  await Promise.allSettled([closeBus(), closeRedis(), closeLimits(), disconnectRuntimeDb()])
}

/** Origins of tenants' absolute CDN prefixes, which pages load images from. */
export async function imageOrigins(): Promise<string[]> {
  const { tenants } = await getRegistry()
  return [...new Set(tenants.filter((t) => t.cdnPrefix.startsWith('https://')).map((t) => new URL(t.cdnPrefix).origin))]
}

/** The CSP hosts of the site's third-party tags (decision 018); null for no site or none. */
export async function siteSources(host: string | null): Promise<CspSources | null> {
  const tenant = await tenantForHost(host)
  return tenant ? cspSourcesFor(tenant.tracking) : null
}

/** The operator console's host name (OPERATOR_HOST, demo operator.localhost), or null. */
export function currentConsoleHost(): string | null {
  const env = getEnv()
  return consoleHostName(env.OPERATOR_HOST, env.mode)
}

/**
 * The request's context: the console's on the console host (its own session cookie; a
 * member cookie is never read there), a site's on a site's host, null for any other host.
 */
export async function loadContextFor(host: string, url: string, edge: { cspNonce: string; clientIp: string; cookie: string | undefined }): Promise<AppLoadContext | null> {
  const headers = new Headers()
  if (edge.cookie) headers.set('cookie', edge.cookie)
  if (isConsoleHost(host, currentConsoleHost())) return (await buildConsoleContext(new Request(url, { headers }), edge)) as unknown as AppLoadContext
  const tenant = await tenantForHost(host)
  if (!tenant) return null
  return buildAppContext(new Request(url, { headers }), tenant, edge)
}

export { unknownHostPage }

/** A catalogue file (/assets/i18n/...) for the edge to serve, or undefined (decision 036). */
export function catalogueFile(path: string): string | undefined {
  return catalogueAt(path)
}

/** The micro-cache key of a visitor's document request (decision 034); null: render it. */
export async function visitorCacheKey(
  host: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<VisitorCacheDecision | null> {
  const tenant = await tenantForHost(host)
  if (!tenant) return null
  // Only what a visitor's page may be built from: its cookies and the proxy's country.
  const request = new Headers()
  for (const name of ['cookie', 'cf-ipcountry', 'x-country-code']) {
    const value = headers[name]
    if (typeof value === 'string') request.set(name, value)
  }
  return visitorCacheDecision(tenant, new Request(url, { headers: request }))
}

// --- Remix ---------------------------------------------------------------------------

/**
 * Logs what went wrong on our side. Answers to the client's mistakes (a POST to a page
 * without a form, an unknown path: 4xx responses Remix raises itself) and requests the
 * client abandoned are not errors of ours.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  // The database is away: the edge answers 503 (a read is retried once); one line per interval.
  if (isDatabaseUnavailable(error)) return markUnavailable('database', error)
  console.error(error)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')
  // The shared instance of the page's locale renders; the browser gets the catalogues of
  // the matched routes' namespaces (their handle.i18n) inside the document.
  const locale = loadContext.locale ?? 'en'
  const handles = remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle)
  const catalogues = documentCatalogues(locale, namespacesFor(handles))
  // The edge may keep this render for other visitors with the same key (decision 034).
  if (!loadContext.member && rendersForAnyVisitor(handles, responseStatusCode)) responseHeaders.set(CACHEABLE_HEADER, '1')
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={serverI18n(locale)}>
          <DocumentCataloguesProvider value={catalogues}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </DocumentCataloguesProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell are reported by onShellError; log the rest once.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
