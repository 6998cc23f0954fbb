// The language a member picks in the menu is saved to their account (SPEC §7, PUT language)
// and comes back at their next login in any browser: picked with JavaScript, restored in a
// browser without it; picked there without JavaScript, restored in a third browser.
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signUpDutch, type TestMember } from './members.ts'
import { siteUrl } from './sites.ts'

const SLUG = 'flirtlokaal'

const LOGIN = {
  nl: { email: 'E-mailadres', password: 'Wachtwoord', button: 'Inloggen', account: 'Mijn account', logout: 'Uitloggen', menu: 'NL' },
  en: { email: 'E-mail address', password: 'Password', button: 'Log in', account: 'My account', logout: 'Log out', menu: 'EN' },
} as const

async function freshPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled })
  await context.addInitScript(() => window.localStorage.setItem('skipped', String(Date.now())))
  // Past the 18+ entry warning, which the server draws (also without JavaScript) until its cookie is set.
  await context.addCookies([{ name: 'entry_warning_seen', value: '1', url: siteUrl(SLUG) }])
  return context.newPage()
}

/** Logs in from a login page shown in `shown`; the member's own language follows. */
async function logIn(page: Page, member: TestMember, shown: keyof typeof LOGIN) {
  await page.getByLabel(LOGIN[shown].email).fill(member.email)
  await page.getByLabel(LOGIN[shown].password, { exact: true }).fill(member.password)
  await page.getByRole('button', { name: LOGIN[shown].button }).click()
  await expect(page).toHaveURL(/\/members/)
}

async function pickLanguage(page: Page, from: keyof typeof LOGIN, to: string) {
  await page.getByText(LOGIN[from].menu, { exact: true }).click()
  await page.getByRole('button', { name: to }).click()
}

test('the language picked in the menu is saved to the account and restored at the next login, with and without JavaScript', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const member = await signUpDutch(page, SLUG, 'woman')

  // Picked with JavaScript, then logged out.
  await page.goto(siteUrl(SLUG, '/members'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
  await pickLanguage(page, 'nl', 'English')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('link', { name: 'Search members' })).toBeVisible()
  await page.getByLabel(LOGIN.en.account).click()
  await page.getByRole('button', { name: LOGIN.en.logout }).click()
  await expect(page.getByRole('link', { name: LOGIN.en.button })).toBeVisible()

  // Another browser, without JavaScript and without any cookie: the site is Dutch until
  // she logs in, then English.
  const plain = await freshPage(browser, false)
  await plain.goto(siteUrl(SLUG, '/login'))
  await expect(plain.locator('html')).toHaveAttribute('lang', 'nl')
  await logIn(plain, member, 'nl')
  await expect(plain.locator('html')).toHaveAttribute('lang', 'en')
  await expect(plain.getByRole('link', { name: 'Search members' })).toBeVisible()

  // There, without JavaScript, she picks Dutch again (a plain form post).
  await pickLanguage(plain, 'en', 'Nederlands')
  await expect(plain).toHaveURL(/\/members/)
  await expect(plain.locator('html')).toHaveAttribute('lang', 'nl')

  // A third browser that was set to English: after her login the site is Dutch.
  const third = await freshPage(browser)
  await third.goto(siteUrl(SLUG, '/login?lng=en'))
  await expect(third.locator('html')).toHaveAttribute('lang', 'en')
  await logIn(third, member, 'en')
  await expect(third.locator('html')).toHaveAttribute('lang', 'nl')
  await expect(third.getByRole('link', { name: 'Leden zoeken' })).toBeVisible()
  await third.context().close()
  await plain.context().close()
})
