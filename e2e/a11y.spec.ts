// axe in Chromium: no serious or critical violations on the pages members and visitors use,
// on every demo site, as a visitor and as the site's demo member.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { SITES, siteUrl } from './sites.ts'

const VISITOR_PAGES = ['/', '/login', '/reset-password', '/pricing', '/pages/terms', '/pages/privacy', '/no-such-page']
const MEMBER_PAGES = ['/members', '/profile', '/profile/photos', '/settings', '/likes', '/likes/given', '/likes/matches', '/swipe-game']

type Finding = { page: string; rule: string; impact: string; targets: string[] }

async function audit(page: Page, path: string): Promise<Finding[]> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 })
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ page: path, rule: v.id, impact: v.impact ?? '', targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
}

for (const site of SITES) {
  test(`${site.name}: axe finds no serious or critical violation on visitor and member pages @phone`, async ({ page }) => {
    test.setTimeout(180_000)
    const findings: Finding[] = []
    const signup = site.slug === 'datevibe' ? '/signup?network=e2e' : '/signup'
    for (const path of [...VISITOR_PAGES, signup]) {
      await page.goto(siteUrl(site.slug, path))
      findings.push(...(await audit(page, path)))
    }

    await page.goto(siteUrl(site.slug, '/login'))
    await page.locator('input[name="email"]').fill(`demo.${site.slug}@example.com`)
    await page.locator('input[name="password"]').fill('demo-password')
    await page.locator('form button[type="submit"]').filter({ hasText: site.login }).click()
    await expect(page).toHaveURL(/\/members/)
    for (const path of MEMBER_PAGES) {
      await page.goto(siteUrl(site.slug, path))
      findings.push(...(await audit(page, path)))
    }
    // A member's profile, from the first search card.
    await page.goto(siteUrl(site.slug, '/members'))
    const profile = await page.locator('a[href^="/members/"]').first().getAttribute('href')
    if (profile) {
      await page.goto(siteUrl(site.slug, profile))
      findings.push(...(await audit(page, profile)))
    }
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  })
}
