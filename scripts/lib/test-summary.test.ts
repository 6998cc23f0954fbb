import { describe, expect, it } from 'vitest'
import { summarize, type PlaywrightReport } from './test-summary.ts'

const report: PlaywrightReport = {
  stats: { expected: 5, unexpected: 1, flaky: 2 },
  suites: [
    {
      title: 'chat.spec.ts',
      file: 'chat.spec.ts',
      specs: [{ title: 'sends a message', tests: [{ projectName: 'desktop', status: 'flaky' }, { projectName: 'phone', status: 'expected' }] }],
      suites: [{ title: 'gifts', file: 'chat.spec.ts', specs: [{ title: 'sends a gift', tests: [{ projectName: 'desktop', status: 'flaky' }] }] }],
    },
  ],
}

describe('npm test summary', () => {
  it('names flaky tests and counts them apart from passed, on their own line before the closing line', () => {
    const summary = summarize({ vitest: { numPassedTests: 10, numFailedTests: 0 }, playwright: report, failedSteps: 0 })
    expect(summary.flaky).toEqual(['chat.spec.ts › sends a message [desktop]', 'chat.spec.ts › gifts › sends a gift [desktop]'])
    expect(summary.passed).toBe(15)
    expect(summary.failed).toBe(1)
    expect(summary.lines.at(-1)).toBe('15 passed, 1 failed')
    expect(summary.lines.at(-2)).toBe('2 flaky')
    expect(summary.lines).toContain('  - chat.spec.ts › sends a message [desktop]')
  })

  it('says 0 flaky when there are none', () => {
    const summary = summarize({ playwright: { stats: { expected: 3, unexpected: 0, flaky: 0 }, suites: [] }, failedSteps: 0 })
    expect(summary.lines).toEqual(['0 flaky', '3 passed, 0 failed'])
  })

  it('fails a test that was flaky in the previous run too', () => {
    const summary = summarize({ playwright: report, failedSteps: 0, previousFlaky: ['chat.spec.ts › gifts › sends a gift [desktop]'] })
    expect(summary.flakyAgain).toEqual(['chat.spec.ts › gifts › sends a gift [desktop]'])
    expect(summary.failed).toBe(2)
    expect(summary.lines.at(-1)).toBe('5 passed, 2 failed')
  })
})

describe('npm test summary of failures', () => {
  it('names failed Vitest tests relative to the checkout, files that did not run, failed browser tests and failed steps', () => {
    const summary = summarize({
      vitest: {
        numPassedTests: 4,
        numFailedTests: 1,
        testResults: [
          { name: '/checkout/app/a.test.ts', status: 'failed', assertionResults: [{ fullName: 'a works', status: 'passed' }, { fullName: 'a refunds once', status: 'failed' }] },
          { name: '/checkout/app/b.test.ts', status: 'failed', message: 'Cannot find module x\nstack', assertionResults: [] },
          { name: '/checkout/app/c.test.ts', status: 'passed', assertionResults: [{ fullName: 'c', status: 'passed' }] },
        ],
      },
      playwright: report,
      failedSteps: 2,
      failedStepNames: ['unit and integration tests', 'browser tests'],
      root: '/checkout',
    })
    expect(summary.lines).toContain('Failed steps: unit and integration tests, browser tests')
    expect(summary.lines).toContain('  - app/a.test.ts › a refunds once')
    expect(summary.lines).toContain('  - app/b.test.ts (the file failed: Cannot find module x)')
    expect(summary.lines.some((line) => line.includes('c.test.ts'))).toBe(false)
    expect(summary.lines.at(-1)).toBe('9 passed, 2 failed')
  })

  it('names a browser test that failed on every try', () => {
    const failing: PlaywrightReport = { stats: { expected: 0, unexpected: 1, flaky: 0 }, suites: [{ title: 'pay.spec.ts', specs: [{ title: 'pays', tests: [{ projectName: 'phone', status: 'unexpected' }] }] }] }
    const summary = summarize({ playwright: failing, failedSteps: 1, failedStepNames: ['browser tests'] })
    expect(summary.lines).toContain('  - pay.spec.ts › pays [phone]')
  })
})

describe('npm test summary of errors outside tests', () => {
  it('names a browser run error that belongs to no test', () => {
    const summary = summarize({ playwright: { stats: { expected: 2, unexpected: 0, flaky: 0 }, suites: [], errors: [{ message: 'Error: Process from config.webServer exited early.\nmore' }] }, failedSteps: 1, failedStepNames: ['browser tests'] })
    expect(summary.lines).toContain('  - browser tests, outside any test: Error: Process from config.webServer exited early.')
    expect(summary.lines.at(-1)).toBe('2 passed, 1 failed')
  })
})
