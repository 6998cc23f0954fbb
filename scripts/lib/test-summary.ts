// The closing lines of `npm test`: flaky browser tests (failed, then passed on a retry) are
// named one per line and counted on a line of their own, apart from passed and failed.
// A test flaky in two runs in a row is a defect to fix, not to retry: it counts as failed.
// Failed tests and failed steps are named too, so the last lines of a CI log say what broke.

type VitestAssertion = { fullName?: string; title?: string; status?: string }
type VitestFile = { name?: string; status?: string; message?: string; assertionResults?: VitestAssertion[] }
export type VitestReport = { numPassedTests: number; numFailedTests: number; testResults?: VitestFile[] }

type PlaywrightTest = { projectName?: string; status?: string }
type PlaywrightSpec = { title: string; file?: string; line?: number; tests?: PlaywrightTest[] }
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] }
export type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number }; suites?: PlaywrightSuite[]; errors?: { message?: string }[] }

export type Summary = { passed: number; failed: number; flaky: string[]; flakyAgain: string[]; lines: string[] }

/** A test file's path relative to the checkout, so no machine's path is printed. */
function relativeFile(name: string | undefined, root: string): string {
  if (!name) return '(unknown file)'
  return name.startsWith(`${root}/`) ? name.slice(root.length + 1) : name
}

/** Every failed Vitest test as "file › full name", and every file that failed to run at all. */
export function failedVitestTests(report: VitestReport, root = process.cwd()): string[] {
  const names: string[] = []
  for (const file of report.testResults ?? []) {
    const path = relativeFile(file.name, root)
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) names.push(`${path} › ${test.fullName ?? test.title ?? '(unnamed test)'}`)
    if (failed.length === 0 && file.status === 'failed') names.push(`${path} (the file failed: ${firstLine(file.message)})`)
  }
  return names
}

/** The first line of an error message, without terminal colours. */
function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- terminal colour codes start with ESC
  return (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0]?.slice(0, 200) ?? ''
}

/** Every flaky test as "file › suite › title [project]". */
export function flakyTests(report: PlaywrightReport): string[] {
  return playwrightTests(report, 'flaky')
}

/** Every browser test with the given status ('flaky', 'unexpected') as "file › suite › title [project]". */
export function playwrightTests(report: PlaywrightReport, status: string): string[] {
  const names: string[] = []
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    // The outermost suite is the file, the ones inside it its describe blocks.
    const here = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue
        const project = test.projectName ? ` [${test.projectName}]` : ''
        names.push(`${[...here, spec.title].join(' › ')}${project}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, here)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return names
}

export function summarize(input: {
  vitest?: VitestReport | null
  playwright?: PlaywrightReport | null
  failedSteps: number
  failedStepNames?: string[]
  previousFlaky?: string[]
  root?: string
}): Summary {
  let passed = 0
  let failed = 0
  let flaky: string[] = []
  const failedNames: string[] = []
  if (input.vitest) {
    passed += input.vitest.numPassedTests
    failed += input.vitest.numFailedTests
    failedNames.push(...failedVitestTests(input.vitest, input.root))
  }
  if (input.playwright) {
    passed += input.playwright.stats.expected
    failed += input.playwright.stats.unexpected
    failedNames.push(...playwrightTests(input.playwright, 'unexpected'))
    // Errors outside any test (the web server, a worker that crashed) fail the run too.
    for (const error of input.playwright.errors ?? []) failedNames.push(`browser tests, outside any test: ${firstLine(error.message)}`)
    flaky = flakyTests(input.playwright)
    // The report's own count rules when names could not be read from it.
    while (flaky.length < input.playwright.stats.flaky) flaky.push('(unnamed flaky test)')
  }
  const previous = new Set(input.previousFlaky ?? [])
  const flakyAgain = flaky.filter((name) => previous.has(name))
  failed += flakyAgain.length
  const lines: string[] = []
  if (input.failedStepNames && input.failedStepNames.length > 0) lines.push(`Failed steps: ${input.failedStepNames.join(', ')}`)
  if (failedNames.length > 0) {
    lines.push('Failed:')
    for (const name of failedNames) lines.push(`  - ${name}`)
  }
  if (flaky.length > 0) {
    lines.push('Flaky (failed first, passed on a retry):')
    for (const name of flaky) lines.push(`  - ${name}${previous.has(name) ? '  <- flaky in the previous run too: a defect to fix (counted as failed)' : ''}`)
  }
  lines.push(`${flaky.length} flaky`)
  const shownFailed = failed + (failed === 0 ? input.failedSteps : 0)
  lines.push(`${passed} passed, ${shownFailed} failed`)
  return { passed, failed: shownFailed, flaky, flakyAgain, lines }
}
