// `npm test`: type check, lint, production build, unit and integration tests (Vitest, real
// Postgres and Redis when REDIS_URL is set), browser tests (Playwright in Chromium).
// Ends with the flaky browser tests by name, "N flaky" and "N passed, N failed"
// (scripts/lib/test-summary.ts).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { summarize, type PlaywrightReport, type VitestReport } from './lib/test-summary.ts'

const REPORT_DIR = '.data/reports'
rmSync(REPORT_DIR, { recursive: true, force: true })
mkdirSync(REPORT_DIR, { recursive: true })

type Step = { name: string; cmd: string[]; env?: Record<string, string> }

const steps: Step[] = [
  { name: 'type check', cmd: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  // Built before the integration tests: their HTTP apps serve the production build (its CSP
  // with nonces, the visitor micro-cache) as a node in production does, not the dev server.
  { name: 'build', cmd: ['npx', 'remix', 'vite:build'], env: { NODE_ENV: 'production' } },
  { name: 'unit and integration tests', cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT_DIR}/vitest.json`] },
  { name: 'browser tests', cmd: ['npx', 'playwright', 'test'] },
  // The benchmark once, briefly (figures discarded), so a change that breaks it shows here.
  { name: 'bench smoke', cmd: ['npx', 'tsx', 'scripts/bench.ts', '--smoke'] },
  { name: 'bench:search smoke', cmd: ['npx', 'tsx', 'scripts/bench-search.ts', '--smoke'], env: { BENCH_PROFILES: '20000' } },
  // Two nodes talk through Redis: without REDIS_URL there is nothing to measure (CI has Redis).
  ...(process.env.REDIS_URL ? [{ name: 'bench:chat smoke', cmd: ['npx', 'tsx', 'scripts/bench-chat.ts', '--members', '20', '--seconds', '2', '--no-write'] }] : []),
]
if (!process.env.REDIS_URL) console.info('bench:chat smoke: skipped, it needs REDIS_URL (two nodes deliver through Redis)')

const only = process.argv.slice(2)
let failedSteps = 0
const failedStepNames: string[] = []
const failureExcerpts: string[] = []

/**
 * Runs a step with its output passed through as it comes, and kept (the last part) so that
 * a failed step's own words are repeated in the closing lines: a CI log is often read from
 * its tail only.
 */
function run(step: Step): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0]!, step.cmd.slice(1), { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...step.env } })
    let output = ''
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk)
      output = (output + chunk.toString('utf8')).slice(-200_000)
    }
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout))
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr))
    child.on('error', (error) => resolve({ status: 1, output: `${output}\n${error.message}` }))
    child.on('close', (status) => resolve({ status, output }))
  })
}

/** What a failed step said about its failure: its error sections, else its last lines. */
function excerpt(name: string, output: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  const lines = plain.split('\n')
  // Vitest's errors outside any test, and failed tests' first lines.
  const marks = lines.flatMap((line, i) => (/Unhandled (Error|Rejection)|Errors\s+\d+ error|FAIL |✘|Error: |error TS\d+|problems? \(/.test(line) ? [i] : []))
  const picked = marks.length > 0 ? marks.slice(0, 8).flatMap((i) => lines.slice(i, i + 6)) : lines.slice(-20)
  return [`--- ${name} (what it said):`, ...picked.slice(0, 60).map((line) => `  | ${line.slice(0, 300)}`)].join('\n')
}
for (const step of steps) {
  if (only.length > 0 && !only.some((o) => step.name.includes(o))) continue
  const started = Date.now()
  console.info(`\n=== ${step.name}: ${step.cmd.join(' ')}`)
  const result = await run(step)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  // A runner's report with failures fails the step, whatever its exit code said.
  if (result.status === 0 && reportedFailures(step.name) > 0) result.status = 1
  if (result.status === 0) console.info(`=== ${step.name}: ok (${seconds} s)`)
  else {
    failedSteps += 1
    failedStepNames.push(step.name)
    failureExcerpts.push(excerpt(step.name, result.output))
    console.error(`=== ${step.name}: FAILED (${seconds} s)`)
    if (step.name === 'build') break
  }
}

function reportedFailures(stepName: string): number {
  const file = stepName === 'unit and integration tests' ? `${REPORT_DIR}/vitest.json` : stepName === 'browser tests' ? `${REPORT_DIR}/playwright.json` : null
  if (!file || !existsSync(file)) return 0
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numFailedTests?: number; numFailedTestSuites?: number; stats?: { unexpected: number } }
  return (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) + (report.stats?.unexpected ?? 0)
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null
}

// Flaky browser tests of this run are kept for the next one: flaky twice in a row fails.
const FLAKY_HISTORY = '.data/flaky-last-run.json'
const previousFlaky = readJson<string[]>(FLAKY_HISTORY) ?? []
const playwrightReport = readJson<PlaywrightReport>(`${REPORT_DIR}/playwright.json`)
const summary = summarize({ vitest: readJson<VitestReport>(`${REPORT_DIR}/vitest.json`), playwright: playwrightReport, failedSteps, failedStepNames, previousFlaky })
if (playwrightReport) writeFileSync(FLAKY_HISTORY, JSON.stringify(summary.flaky))
if (failureExcerpts.length > 0) console.info(`\n${failureExcerpts.join('\n')}`)
console.info(`\n${summary.lines.join('\n')}`)
process.exit(failedSteps > 0 || summary.flakyAgain.length > 0 ? 1 : 0)
