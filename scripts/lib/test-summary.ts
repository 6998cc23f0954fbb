// The closing lines of `npm test`: flaky browser tests (failed, then passed on a retry) are
// named one per line and counted on a line of their own, apart from passed and failed.
// A test flaky in two runs in a row is a defect to fix, not to retry: it counts as failed.

export type VitestReport = { numPassedTests: number; numFailedTests: number }

type PlaywrightTest = { projectName?: string; status?: string }
type PlaywrightSpec = { title: string; file?: string; line?: number; tests?: PlaywrightTest[] }
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] }
export type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number }; suites?: PlaywrightSuite[] }

export type Summary = { passed: number; failed: number; flaky: string[]; flakyAgain: string[]; lines: string[] }

/** Every flaky test as "file › suite › title [project]". */
export function flakyTests(report: PlaywrightReport): string[] {
  const names: string[] = []
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    // The outermost suite is the file, the ones inside it its describe blocks.
    const here = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue
        const project = test.projectName ? ` [${test.projectName}]` : ''
        names.push(`${[...here, spec.title].join(' › ')}${project}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, here)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return names
}

export function summarize(input: { vitest?: VitestReport | null; playwright?: PlaywrightReport | null; failedSteps: number; previousFlaky?: string[] }): Summary {
  let passed = 0
  let failed = 0
  let flaky: string[] = []
  if (input.vitest) {
    passed += input.vitest.numPassedTests
    failed += input.vitest.numFailedTests
  }
  if (input.playwright) {
    passed += input.playwright.stats.expected
    failed += input.playwright.stats.unexpected
    flaky = flakyTests(input.playwright)
    // The report's own count rules when names could not be read from it.
    while (flaky.length < input.playwright.stats.flaky) flaky.push('(unnamed flaky test)')
  }
  const previous = new Set(input.previousFlaky ?? [])
  const flakyAgain = flaky.filter((name) => previous.has(name))
  failed += flakyAgain.length
  const lines: string[] = []
  if (flaky.length > 0) {
    lines.push('Flaky (failed first, passed on a retry):')
    for (const name of flaky) lines.push(`  - ${name}${previous.has(name) ? '  <- flaky in the previous run too: a defect to fix (counted as failed)' : ''}`)
  }
  lines.push(`${flaky.length} flaky`)
  const shownFailed = failed + (failed === 0 ? input.failedSteps : 0)
  lines.push(`${passed} passed, ${shownFailed} failed`)
  return { passed, failed: shownFailed, flaky, flakyAgain, lines }
}
