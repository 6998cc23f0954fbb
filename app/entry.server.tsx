import { PassThrough } from 'node:stream'
import type { IncomingMessage } from 'node:http'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { buildAppContext } from './modules/tenancy/context.server.ts'
import { tenantForRequest } from './modules/tenancy/request-tenant.server.ts'
import { getRegistry, watchTenantFiles } from './modules/tenancy/registry.server.ts'
import { startPurgeScheduler } from './modules/accounts/purge-scheduler.server.ts'
import { getRuntimeDb } from './modules/db/client.server.ts'
import { unknownHostPage } from './modules/tenancy/unknown-host.server.ts'

const ABORT_DELAY = 5_000

// --- Hooks for server/app.ts (exported from the server build's entry module) ---------

/**
 * Loads and checks the tenant files (throws TenantConfigError with file, field and reason),
 * then starts the background work: tenant-file watching and the hourly purge of accounts
 * whose 14-day deletion grace has ended.
 */
export async function startTenancy(options: { watch: boolean; jobs?: boolean }): Promise<number> {
  const registry = await getRegistry()
  if (options.watch) await watchTenantFiles()
  if (options.jobs !== false) {
    startPurgeScheduler({ db: getRuntimeDb(), tenants: async () => (await getRegistry()).tenants, intervalMs: 3_600_000 })
  }
  return registry.tenants.length
}

/** The request's context, or null when its host belongs to no site. */
export async function loadContextFor(req: IncomingMessage, url: string): Promise<AppLoadContext | null> {
  const tenant = await tenantForRequest(req.headers)
  if (!tenant) return null
  const headers = new Headers()
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
  return buildAppContext(new Request(url, { headers }), tenant)
}

export { unknownHostPage }

// --- Remix ---------------------------------------------------------------------------

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
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
