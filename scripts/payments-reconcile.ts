// `npm run payments:reconcile`: one reconciliation pass over every site now (the app runs it
// at start and every 10 minutes): open payments are asked about at Mollie and credited
// exactly once. Prints what it did per site as JSON.
import { THEME_NAMES } from '../themes/index.ts'
import { createDb } from '../app/modules/db/client.server.ts'
import { getEnv } from '../app/modules/config/env.server.ts'
import { reconcileOpenPayments } from '../app/modules/payments/reconcile.server.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'

const url = getEnv().APP_DATABASE_URL
if (!url) {
  console.error('APP_DATABASE_URL is required (the runtime role).')
  process.exit(1)
}
const db = createDb(url, 2)
try {
  const run = await reconcileOpenPayments(db, await loadTenants(THEME_NAMES), { settleMs: 0 })
  console.info(JSON.stringify(run))
} finally {
  await db.$disconnect()
}
