// `npm run lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range phone,
// slow 4G, simulated) on the home and members pages of every demo site, against the built app
// served by scripts/e2e-server.ts. Prints the performance and SEO scores and the LCP per page;
// nothing is asserted.
// Run from another checkout's folder to measure that checkout (the server started is the
// current folder's): `cd ../old && node --import tsx /path/to/scripts/lighthouse.ts`.
import { spawn } from 'node:child_process'
import http from 'node:http'
import os from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { getEnv } from '../app/modules/config/env.server.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { THEME_NAMES } from '../themes/index.ts'

// BENCH_PORT + 5 (default 3205), so it never meets a benchmark's or another run's ports.
const PORT = getEnv().BENCH_PORT + 5
// Every demo site (issue #25: Lighthouse on home and /members of every one).
const SITES = (await loadTenants(THEME_NAMES)).map((t) => t.slug)
const RUNS = 3

function post(host: string, path: string, body: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method: 'POST', path, headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume()
        res.on('end', () => resolve((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!)))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], { env: { ...process.env, E2E_PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'inherit'] })
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('e2e server on') && resolve())
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
})
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] })
try {
  const rows: string[] = []
  for (const slug of SITES) {
    const host = `${slug}.localhost:${PORT}`
    const cookie = (await post(host, '/login', `email=${encodeURIComponent(`demo.${slug}@example.com`)}&password=demo-password`)).join('; ')
    for (const [label, path, headers] of [['home (visitor)', '/', undefined], ['/members (member)', '/members', { Cookie: cookie }]] as const) {
      const scores: number[] = []
      const seo: number[] = []
      const lcps: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`http://${host}${path}`, { port: chrome.port, onlyCategories: ['performance', 'seo'], output: 'json', logLevel: 'error', extraHeaders: headers })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`no Lighthouse result for ${path}`)
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
        seo.push(Math.round((lhr.categories.seo?.score ?? 0) * 100))
        const lcp = lhr.audits['largest-contentful-paint']?.numericValue
        if (lcp !== undefined) lcps.push(lcp)
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
      rows.push(`| ${slug} | ${label} | ${median(scores)} | ${median(seo)} | ${lcps.length ? `${(median(lcps) / 1000).toFixed(2)} s` : 'not measured'} |`)
    }
  }
  console.info(`\nLighthouse mobile (median of ${RUNS}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')})\n\n| site | page | performance | SEO | LCP |\n|---|---|---|---|---|\n${rows.join('\n')}`)
} finally {
  await chrome.kill()
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
}
process.exit(0)
