import { defineConfig, devices } from '@playwright/test'
import { getEnv } from './app/modules/config/env.server.ts'

// Browser tests run the production build against a fresh database (scripts/e2e-server.ts)
// in Debian's Chromium: Playwright's own browser download is not available here.
const env = getEnv()
export const E2E_PORT = env.E2E_PORT

const chromium = {
  executablePath: env.CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
}

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.data/reports/playwright.json' }]],
  use: {
    baseURL: `http://flirtlokaal.localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // @phone tests run in both projects; @phone-only tests only on the phone.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, grep: /@phone/ },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The server stops its embedded database on SIGTERM; a SIGKILL would leave it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
})
