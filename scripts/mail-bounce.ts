// Feeds a bounce or spam complaint into the app: `npm run mail:bounce -- <site> <address> [bounce|fbl|listunsubscribe]`
// (default bounce). The address's account on that site gets no notification mails any more,
// with the reason shown on /notifications and in the alert (SPEC §3). For a mail provider's
// bounce processing: call it from its hook, one address per call.
// Connects as APP_DATABASE_URL, else DATABASE_URL, else the demo's embedded database.
import { THEME_NAMES } from '../themes/index.ts'
import { getEnv } from '../app/modules/config/env.server.ts'
import { createDb } from '../app/modules/db/client.server.ts'
import { isReason } from '../app/modules/notifications/kinds.ts'
import { disableEmail } from '../app/modules/notifications/preferences.server.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { embeddedOwnerUrl, withDatabase } from './lib/database.ts'

const [site, address, reason = 'bounce'] = process.argv.slice(2)
if (!site || !address || !isReason(reason)) {
  console.error('usage: npm run mail:bounce -- <site> <address> [bounce|fbl|listunsubscribe]')
  process.exit(2)
}
const tenant = (await loadTenants(THEME_NAMES)).find((t) => t.slug === site)
if (!tenant) {
  console.error(`unknown site ${site}`)
  process.exit(2)
}
const env = getEnv()
const url = env.APP_DATABASE_URL ?? env.DATABASE_URL ?? withDatabase(await embeddedOwnerUrl(), 'dating')
const db = createDb(url, 1)
try {
  const found = await disableEmail(db, { tenantId: tenant.slug, poolId: tenant.pool }, address, reason)
  console.info(found ? `${address} on ${site}: e-mail disabled (${reason})` : `${address}: no account on ${site}`)
  process.exitCode = found ? 0 : 1
} finally {
  await db.$disconnect()
}
