// `npx tsx scripts/lcp-probe.ts` against a running e2e server (npx tsx scripts/e2e-server.ts):
// a Lighthouse-like mobile load (Lighthouse is not installed here) of the home and members
// pages of two sites. Pixel-7 viewport, 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down, no
// cache; median of 3 cold loads; prints FCP, LCP and the LCP element (issue #16).
import { chromium, devices } from '@playwright/test'
const port = process.env.E2E_PORT ?? '3700'
const urls = [
  ['flirtlokaal', '/'], ['flirtlokaal', '/members'], ['datevibe', '/?network=x'], ['datevibe', '/members'],
]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'] })
for (const [slug, path] of urls) {
  const runs: { fcp: number; lcp: number; el: string }[] = []
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ ...devices['Pixel 7'] })
    await context.addInitScript(() => window.localStorage.setItem('skipped', String(Date.now())))
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`http://${slug}.localhost:${port}${path}`, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForTimeout(2500)
    const m = await page.evaluate(() => new Promise<{ fcp: number; lcp: number; el: string }>((resolve) => {
      let lcp = 0; let el = ''
      new PerformanceObserver((list) => { for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) { lcp = e.startTime; el = e.element ? `${e.element.tagName}.${e.element.className}` : '' } }).observe({ type: 'largest-contentful-paint', buffered: true })
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
      setTimeout(() => resolve({ fcp, lcp, el }), 200)
    }))
    runs.push(m)
    await context.close()
  }
  const med = (k: 'fcp' | 'lcp') => runs.map((r) => r[k]).sort((a, b) => a - b)[1]!
  console.log(`${slug}${path}\tFCP ${(med('fcp') / 1000).toFixed(2)} s\tLCP ${(med('lcp') / 1000).toFixed(2)} s\t(${runs.map((r) => r.el).join(' | ')})`)
}
await browser.close()
