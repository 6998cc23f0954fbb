// Issue 22 acceptance: a new member's first screens on a phone, on every demo site. The
// first search card and the swipe card with its buttons are on the first screen; the menus
// close after a navigation and on Escape; the balance is in the header and the composer;
// a reply arriving in the open conversation makes no unread badge.
import type { Browser, Page } from '@playwright/test'
import { signUpDateVibe, signUpDutch, type TestMember } from './members.ts'
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

const TEXT = {
  nl: { account: 'Mijn account', profile: 'Mijn profiel', box: 'Je bericht', send: 'Versturen', balance: /Je hebt nog 25 credits/ },
  en: { account: 'My account', profile: 'My profile', box: 'Your message', send: 'Send', balance: /You have 25 credits left/ },
} as const

const JOURNEYS = [
  { slug: 'flirtlokaal', partnerSlug: 'datedichtbij', lang: 'nl', languages: true },
  { slug: 'datedichtbij', partnerSlug: 'flirtlokaal', lang: 'nl', languages: true },
  { slug: 'datevibe', partnerSlug: 'datevibe', lang: 'en', languages: false },
] as const

const signUp = (page: Page, slug: string, gender: 'man' | 'woman'): Promise<TestMember> => (slug === 'datevibe' ? signUpDateVibe(page, gender) : signUpDutch(page, slug, gender))

async function partnerOn(browser: Browser, slug: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(() => window.localStorage.setItem('skipped', '1'))
  const page = await context.newPage()
  await signUp(page, slug, 'man')
  const id = await page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((d: { user: { profile: { id: number } } }) => d.user.profile.id))
  return { context, page, id }
}

const addCredits = (page: Page, credits: number) =>
  page.evaluate((credits) => fetch('/__test/credits', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ credits }) }).then((r) => r.status), credits)

async function firstScreenBottom(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.top-nav__primary')
    const barTop = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : window.innerHeight
    return Math.min(window.innerHeight, barTop)
  })
}

for (const journey of JOURNEYS) {
  test(`@phone-only a new member's first screens on ${journey.slug}`, async ({ page, browser }) => {
    test.setTimeout(180_000)
    const x = TEXT[journey.lang]
    await page.context().addInitScript(() => window.localStorage.setItem('skipped', '1'))
    await signUp(page, journey.slug, 'woman')
    const partner = await partnerOn(browser, journey.partnerSlug)
    try {
      // /members: at most one notice, and the first card starts on the first screen (844 px).
      await page.goto(siteUrl(journey.slug, '/members'))
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/)
      await expect(page.getByRole('search')).toBeHidden()
      const visibleNotices = await page.locator('.warnings > .notice').evaluateAll((all) => all.filter((n) => getComputedStyle(n).display !== 'none').length)
      expect(visibleNotices).toBeLessThanOrEqual(1)
      const card = page.locator('.search-grid__item').first()
      await expect(card).toBeVisible()
      expect((await card.boundingBox())!.y).toBeLessThan(844)
      expect((await card.boundingBox())!.y).toBeLessThan(await firstScreenBottom(page))

      // /swipe-game: the card and Like/Skip on the first screen, above the tab bar.
      await page.goto(siteUrl(journey.slug, '/swipe-game'))
      const actions = page.locator('.swipe__actions')
      await expect(actions).toBeVisible()
      const box = (await actions.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(await firstScreenBottom(page))
      await expect(page.locator('.swipe-card').first()).toBeInViewport()

      // The account menu: closes after a navigation from it, on Escape and on a tap outside.
      const account = page.locator('details.account-menu')
      await account.locator('summary').click()
      await expect(account).toHaveAttribute('open', '')
      await account.getByRole('link', { name: x.profile }).click()
      await expect(page).toHaveURL(/\/profile$/)
      await expect(account).not.toHaveAttribute('open', '')
      await account.locator('summary').click()
      await expect(account).toHaveAttribute('open', '')
      await page.keyboard.press('Escape')
      await expect(account).not.toHaveAttribute('open', '')
      await expect(account.locator('summary')).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(account).toHaveAttribute('open', '')
      await page.locator('main').click({ position: { x: 5, y: 5 } })
      await expect(account).not.toHaveAttribute('open', '')
      if (journey.languages) {
        const language = page.locator('details.language-menu')
        await language.locator('summary').click()
        await expect(language).toHaveAttribute('open', '')
        await page.keyboard.press('Escape')
        await expect(language).not.toHaveAttribute('open', '')
      }

      // The balance, in the header and in the composer.
      const before = await page.evaluate(() => fetch('/api/chats?totals=1').then((r) => r.json()).then((d: { credits: number }) => d.credits))
      expect(await addCredits(page, 25 - before)).toBe(200)
      await page.goto(siteUrl(journey.slug, `/members/${partner.id}/chat`))
      await expect(page.getByRole('banner').getByTestId('credits-badge')).toHaveText('25')
      await expect(page.getByTestId('composer-balance')).toHaveText(x.balance)
      await page.getByRole('textbox', { name: x.box }).fill('Hi there')
      await page.getByRole('button', { name: x.send }).click()
      await expect(page).toHaveURL(/\/chats\/\d+$/)
      const conversation = new URL(page.url()).pathname
      await expect(page.getByTestId('composer-balance')).not.toHaveText(x.balance)

      // The partner answers while the conversation is open: it appears, and no badge counts it.
      expect(await addCredits(partner.page, 50)).toBe(200)
      await partner.page.goto(siteUrl(journey.partnerSlug, conversation))
      await partner.page.getByRole('textbox', { name: TEXT[journey.partnerSlug === 'datevibe' ? 'en' : 'nl'].box }).fill('A live reply')
      await partner.page.getByRole('button', { name: TEXT[journey.partnerSlug === 'datevibe' ? 'en' : 'nl'].send }).click()
      await expect(page.getByTestId('chat-messages')).toContainText('A live reply')
      await page.waitForTimeout(1_000)
      await expect(page.getByTestId('messages-badge')).toHaveCount(0)
      await expect(page).not.toHaveTitle(/^\(\d+\)/)
    } finally {
      await partner.context.close()
    }
  })
}
