import { SERVICE_WORKER_SOURCE } from '~/modules/notifications/service-worker.ts'

// The service worker (SPEC §7), served from the site root so its scope is the whole site. A
// route, not a static file: it is per site (tenant resolution runs first) and can grow with
// the installed-app mode (#15). Browsers check it for updates on navigation: never cached long.
export function loader() {
  return new Response(SERVICE_WORKER_SOURCE, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Service-Worker-Allowed': '/',
    },
  })
}
