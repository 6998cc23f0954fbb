// `npm start` and the browser tests without Mollie keys: start the local sandbox in this
// process and point the app at it (MOLLIE_API_ENDPOINT). Never in production, and not when
// an endpoint is configured or every selling site has its own key.
import type { Env } from '../../app/modules/config/env.server.ts'
import { mollieKeyEnv } from '../../app/modules/payments/availability.ts'
import type { TenantConfig } from '../../tenants/schema.ts'
import { startMollieSandbox, type MollieSandbox } from './mollie-sandbox.ts'

export async function sandboxForDemo(env: Env, tenants: readonly Pick<TenantConfig, 'slug' | 'payments'>[], options: { port?: number; log?: (line: string) => void } = {}): Promise<MollieSandbox | null> {
  if (env.mode === 'production' || env.MOLLIE_API_ENDPOINT) return null
  const selling = tenants.filter((t) => t.payments.enabled)
  if (selling.length === 0 || selling.every((t) => process.env[mollieKeyEnv(t)])) return null
  const port = options.port ?? env.MOLLIE_SANDBOX_PORT
  let sandbox: MollieSandbox
  try {
    sandbox = await startMollieSandbox({ port, checkoutPort: port === 0 ? 0 : port + 1, log: options.log })
  } catch (error) {
    // Another node of this machine has the port: this one gets its own sandbox elsewhere.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    sandbox = await startMollieSandbox({ port: 0, checkoutPort: 0, log: options.log })
  }
  process.env.MOLLIE_API_ENDPOINT = sandbox.apiEndpoint
  process.env.MOLLIE_CHECKOUT_ORIGIN = sandbox.checkoutOrigin
  return sandbox
}
