// Consent-gated tags in Chromium (SPEC §7, decision 018): on a site with a tag manager and
// behaviour analytics, nothing third-party is requested before the visitor accepts in the
// cookie banner (checked in the network log); after "accept all" both load, allowed by that
// site's CSP only; "only necessary" keeps them off and is remembered.
import type { BrowserContext, Request } from '@playwright/test'
import { expect, cspTest as test } from './fixtures.ts'
import { api, siteUrl } from './sites.ts'

const THIRD_PARTY = /^https?:\/\/(?!([a-z0-9-]+\.)?localhost[:/]|127\.0\.0\.1[:/])/

/** A fresh visitor (no consent, entry warning passed) whose third-party requests are kept. */
async function visitor(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem('skipped', String(Date.now())))
  // Past the 18+ entry warning, which the server draws (also without JavaScript) until its cookie is set.
  await context.addCookies(['flirtlokaal', 'datedichtbij', 'datevibe'].map((slug) => ({ name: 'entry_warning_seen', value: '1', url: siteUrl(slug) })))
  const thirdParty: string[] = []
  context.on('request', (request: Request) => {
    if (THIRD_PARTY.test(request.url())) thirdParty.push(request.url())
  })
  // No internet here: the tag hosts answer with a script that says it ran.
  await context.route(THIRD_PARTY, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: `window.__tags = (window.__tags || []).concat(${JSON.stringify(new URL(route.request().url()).host)})` }))
  return thirdParty
}

test('nothing third-party loads before consent; after accepting, the site’s tags load @phone', async ({ context, page }) => {
  const thirdParty = await visitor(context)
  for (const path of ['/', '/pages/cookies', '/landers/alonetonight', '/login']) {
    await page.goto(siteUrl('datedichtbij', path))
    await page.waitForLoadState('networkidle')
  }
  expect(thirdParty, 'third-party requests before consent').toEqual([])
  const banner = page.getByRole('region', { name: 'Cookies van derden', exact: true })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText('Google Tag Manager, Microsoft Clarity')

  await banner.getByRole('button', { name: 'Alles accepteren' }).click()
  await expect(banner).toBeHidden()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tags?: string[] }).__tags?.sort() ?? [])).toEqual(['www.clarity.ms', 'www.googletagmanager.com'])
  expect(thirdParty.some((url) => url.startsWith('https://www.googletagmanager.com/gtm.js?id=GTM-DEMO123'))).toBe(true)

  // Remembered: the next page loads them at once and asks nothing.
  await page.goto(siteUrl('datedichtbij', '/pages/cookies'))
  await expect(page.getByText('Je hebt toestemming gegeven voor cookies van derden.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Cookies van derden', exact: true })).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tags?: string[] }).__tags?.length ?? 0)).toBe(2)
})

test('“only necessary” keeps the tags off and is remembered; a site without tags shows no banner', async ({ context, page }) => {
  const thirdParty = await visitor(context)
  await page.goto(siteUrl('datedichtbij'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  const answered = page.waitForResponse((response) => /^\/consent(\.data)?$/.test(new URL(response.url()).pathname))
  await page.getByRole('region', { name: 'Cookies van derden', exact: true }).getByRole('button', { name: 'Alleen noodzakelijke' }).click()
  await expect(page.getByRole('region', { name: 'Cookies van derden', exact: true })).toBeHidden()
  expect((await answered).status()).toBe(200)
  await page.goto(siteUrl('datedichtbij', '/pages/cookies'))
  await expect(page.getByText('Je hebt gekozen voor alleen noodzakelijke cookies.')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(thirdParty).toEqual([])

  await page.goto(siteUrl('flirtlokaal'))
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('region', { name: 'Cookies van derden', exact: true })).toHaveCount(0)
})

test('each site’s CSP allows exactly its own tag hosts', async ({ request }) => {
  const csp = async (slug: string) => (await request.get(...api(slug, '/'))).headers()['content-security-policy'] ?? ''
  const withTags = await csp('datedichtbij')
  expect(withTags).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/)
  expect(withTags).toMatch(/script-src [^;]*https:\/\/www\.clarity\.ms/)
  expect(withTags).not.toContain('hotjar')
  for (const slug of ['flirtlokaal', 'datevibe']) {
    const policy = await csp(slug)
    expect(policy).not.toMatch(/googletagmanager|clarity|hotjar/)
    expect(policy).toContain("frame-src 'none'")
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the banner’s buttons work as a form', async ({ context, page }) => {
    await visitor(context)
    await page.goto(siteUrl('datedichtbij', '/pages/faq'))
    await page.getByRole('region', { name: 'Cookies van derden', exact: true }).getByRole('button', { name: 'Alleen noodzakelijke' }).click()
    await expect(page).toHaveURL(siteUrl('datedichtbij', '/pages/faq'))
    await expect(page.getByRole('region', { name: 'Cookies van derden', exact: true })).toHaveCount(0)
  })
})
