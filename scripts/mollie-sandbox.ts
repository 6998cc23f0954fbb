// `npm run mollie:sandbox`: the local Mollie sandbox on its own (scripts/lib/mollie-sandbox.ts),
// for an app started elsewhere with MOLLIE_API_ENDPOINT=<the printed endpoint>.
import { getEnv } from '../app/modules/config/env.server.ts'
import { startMollieSandbox } from './lib/mollie-sandbox.ts'

const port = getEnv().MOLLIE_SANDBOX_PORT
const sandbox = await startMollieSandbox({ port, checkoutPort: port + 1, log: (line) => console.info(`[mollie-sandbox] ${line}`) })
console.info(`Mollie sandbox: API ${sandbox.apiEndpoint} (self-signed), checkout ${sandbox.checkoutOrigin}`)
console.info(`Start the app with MOLLIE_API_ENDPOINT=${sandbox.apiEndpoint}; any key test_<8+ letters or digits> works.`)
const stop = () => void sandbox.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
