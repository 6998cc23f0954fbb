// The server's edge in a real browser: a login whose redirectTo smuggles a foreign address
// (/%09/evil.example: the tab is dropped by the browser, leaving //evil.example) ends on
// the site, and pages carry the security headers (the CSP itself is checked on every page
// by the fixtures).
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

const SLUG = 'datedichtbij'

for (const target of ['/%09/evil.example', '/%5C/evil.example', '//evil.example', '/%0d%0a/evil.example']) {
  test(`login with redirectTo=${target} stays on the site`, async ({ page }) => {
    const foreign: string[] = []
    await page.route((url) => url.hostname.endsWith('evil.example'), (route) => {
      foreign.push(route.request().url())
      return route.abort()
    })
    await page.goto(siteUrl(SLUG, `/login?redirectTo=${target}`))
    await page.getByLabel('E-mailadres').fill(`demo.${SLUG}@example.com`)
    await page.getByLabel('Wachtwoord', { exact: true }).fill('demo-password')
    await page.getByRole('button', { name: 'Inloggen' }).click()
    await expect(page).toHaveURL(new RegExp(`^http://${SLUG}\\.localhost:\\d+/members`))
    expect(foreign).toEqual([])
  })
}

test('pages carry the security headers', async ({ page }) => {
  const response = await page.goto(siteUrl(SLUG, '/'))
  const headers = response!.headers()
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/)
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('geolocation=(self)')
})
