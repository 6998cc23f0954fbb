// axe in Chromium: no serious or critical violations on the pages members and visitors use,
// on every demo site, as a visitor and as the site's demo member.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { SITES, siteUrl } from './sites.ts'
import { signUpDateVibe, signUpDutch } from './members.ts'

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

// Issue 22: the chat, with own and partner messages, a gift and a read mark, on phone and
// desktop. (Own bubbles once had their time and read mark at 4.2-4.4:1, and the scrolling
// list could not be reached by keyboard.)
for (const site of SITES.filter((s) => s.slug !== 'datedichtbij')) {
  test(`${site.name}: axe finds no serious or critical violation in a conversation @phone`, async ({ page, browser }) => {
    test.setTimeout(180_000)
    const english = site.slug === 'datevibe'
    const signUp = (p: Page, gender: 'man' | 'woman') => (english ? signUpDateVibe(p, gender) : signUpDutch(p, site.slug, gender))
    const box = english ? 'Your message' : 'Je bericht'
    const send = english ? 'Send' : 'Versturen'
    const credit = (p: Page) =>
      p.evaluate(() => Promise.all(['/__test/premium', '/__test/credits'].map((path) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credits: 200 }) }).then((r) => r.status))))
    await signUp(page, 'woman')
    expect(await credit(page)).toEqual([200, 200])
    const partnerContext = await browser.newContext()
    await partnerContext.addInitScript(() => window.localStorage.setItem('skipped', '1'))
    const partner = await partnerContext.newPage()
    await signUp(partner, 'man')
    expect(await credit(partner)).toEqual([200, 200])
    const partnerId = await partner.evaluate(() => fetch('/api/user').then((r) => r.json()).then((d: { user: { profile: { id: number } } }) => d.user.profile.id))

    await page.goto(siteUrl(site.slug, `/members/${partnerId}/chat`))
    await page.getByRole('textbox', { name: box }).fill('Hello, how are you?')
    await page.getByRole('button', { name: send }).click()
    await expect(page).toHaveURL(/\/chats\/\d+$/)
    const conversation = new URL(page.url()).pathname
    await page.locator('.gift-picker summary').click()
    await page.locator('.gift-option').first().click()
    await page.locator('.gift-picker button[type="submit"]').click()
    await expect(page.getByTestId('chat-gift')).toHaveCount(1)
    // The partner reads and answers: the read mark and a partner bubble are on the page.
    await partner.goto(siteUrl(site.slug, conversation))
    await partner.getByRole('textbox', { name: box }).fill('Fine, thanks!')
    await partner.getByRole('button', { name: send }).click()
    await expect(page.getByTestId('chat-messages')).toContainText('Fine, thanks!')
    await expect(page.locator('.chat__read').first()).toBeVisible()
    await partnerContext.close()

    const findings = await audit(page, conversation)
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
    // The scrolling list is reachable by keyboard.
    await page.getByTestId('chat-messages').focus()
    await expect(page.getByTestId('chat-messages')).toBeFocused()
  })
}

// Issue 22: a premium member meets a private photo still to unlock on a small tile (the e2e
// server has DateDichtbij charge 5 credits for it; every fourth demo member has one). On a
// 390x844 phone and on desktop: 0 serious, and the unlock button lies whole inside its tile,
// clear of the "Privé" badge (it was once clipped under it).
test('DateDichtbij: the locked private-photo tile has no serious violation and an unclipped unlock button @phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const phone = testInfo.project.name === 'phone'
  if (phone) await page.setViewportSize({ width: 390, height: 844 })
  const slug = 'datedichtbij'
  await page.goto(siteUrl(slug, '/login'))
  await page.locator('input[name="email"]').fill(`demo.${slug}@example.com`)
  await page.locator('input[name="password"]').fill('demo-password')
  await page.locator('form button[type="submit"]').filter({ hasText: 'Inloggen' }).click()
  await expect(page).toHaveURL(/\/members/)
  expect(await page.evaluate(() => fetch('/__test/premium', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status))).toBe(200)

  await page.goto(siteUrl(slug, '/members'))
  const links = [...new Set(await page.locator('a[href^="/members/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '').filter((h) => /^\/members\/\d+$/.test(h))))]
  const tile = page.locator('.member-profile__photo--locked').first()
  let found: string | null = null
  for (const href of links) {
    await page.goto(siteUrl(slug, href))
    if ((await tile.count()) > 0) {
      found = href
      break
    }
  }
  expect(found, `a member with a private photo among ${links.length} search results`).not.toBeNull()
  const button = tile.getByRole('button', { name: 'Ontgrendel (5 credits)' })
  await expect(button).toBeVisible()
  await tile.scrollIntoViewIfNeeded()

  const findings = await audit(page, found ?? '')
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])

  const box = async (selector: string) => {
    const b = await tile.locator(selector).first().boundingBox()
    if (!b) throw new Error(`${selector} has no box`)
    return b
  }
  const tileBox = await tile.boundingBox()
  if (!tileBox) throw new Error('the tile has no box')
  const buttonBox = await box('button')
  const badgeBox = await box('.member-profile__badge')
  // Whole inside the tile (the tile hides what overflows it)...
  expect(buttonBox.x).toBeGreaterThanOrEqual(tileBox.x - 0.5)
  expect(buttonBox.y).toBeGreaterThanOrEqual(tileBox.y - 0.5)
  expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(tileBox.x + tileBox.width + 0.5)
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(tileBox.y + tileBox.height + 0.5)
  // ...and not under the badge.
  const overlap =
    buttonBox.x < badgeBox.x + badgeBox.width && badgeBox.x < buttonBox.x + buttonBox.width && buttonBox.y < badgeBox.y + badgeBox.height && badgeBox.y < buttonBox.y + buttonBox.height
  expect(overlap, JSON.stringify({ buttonBox, badgeBox })).toBe(false)
  await page.screenshot({ path: testInfo.outputPath(`locked-tile-${testInfo.project.name}.png`) })
  await tile.screenshot({ path: testInfo.outputPath(`locked-tile-close-${testInfo.project.name}.png`) })
})
