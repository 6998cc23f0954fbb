import { test as base, expect } from '@playwright/test'
import { SITES, siteUrl } from './sites.ts'

type CspViolation = { page: string; directive: string; blocked: string }

/**
 * Every page is checked against the Content-Security-Policy: a violation Chromium reports
 * (the securitypolicyviolation event, or its console message) fails the test.
 */
export const cspTest = base.extend<{ cspViolations: CspViolation[] }>({
  // Playwright reads a fixture's dependencies from its destructured first argument: none here.
  // eslint-disable-next-line no-empty-pattern
  cspViolations: async ({}, provide) => {
    await provide([])
  },
  // Playwright's fixture callback is named `use` by convention; it is not a React hook.
  context: async ({ context, cspViolations }, provide) => {
    await context.exposeBinding('__reportCspViolation', ({ page }, violation: Omit<CspViolation, 'page'>) => {
      cspViolations.push({ page: page.url(), ...violation })
    })
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation?: (v: { directive: string; blocked: string }) => void }).__reportCspViolation
        report?.({ directive: event.effectiveDirective, blocked: event.blockedURI || event.sample })
      })
    })
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        cspViolations.push({ page: message.page()?.url() ?? '', directive: 'console', blocked: message.text() })
      }
    })
    await provide(context)
    expect(cspViolations, 'Chromium reported Content-Security-Policy violations').toEqual([])
  },
})

/**
 * Pages of these tests behave as for a visitor who already passed the entry warning and
 * answered the cookie banner with "only necessary" (e2e/consent.spec.ts tests both).
 */
export const test = cspTest.extend({
  context: async ({ context }, provide) => {
    await context.addInitScript(() => window.localStorage.setItem('skipped', String(Date.now())))
    await context.addCookies(SITES.map((site) => ({ name: 'consent', value: 'necessary', url: siteUrl(site.slug) })))
    await context.addCookies(SITES.map((site) => ({ name: 'entry_warning_seen', value: '1', url: siteUrl(site.slug) })))
    await provide(context)
  },
})

export { expect }
