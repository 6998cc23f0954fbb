// Generates the Prisma client without the network: the CLI only needs *an* executable
// schema engine to start, so we point it at a stub (see STACK.md, "Prisma CLI offline").
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const stub = fileURLToPath(new URL('./prisma-engine-stub.sh', import.meta.url))
const result = spawnSync('npx', ['prisma', 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: stub,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
})
process.exit(result.status ?? 1)
