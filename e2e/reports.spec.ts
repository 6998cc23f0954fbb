// Issue #23 "Reports and safety" (decision 053) in a real browser: Anna reports Bram's
// profile from his profile page on a phone-sized screen (a repeat says it was reported
// already); the demo moderator finds it on /reports (axe: no serious violation), warns Bram,
// who sees the warning on his next page until he confirms it; Anna reports him again, the
// moderator's /reports shows it live (no reload), and the moderator bans him: his session
// ends on the next request.
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { E2E_PORT, SITES, siteUrl } from './sites.ts'

const consoleUrl = (path: string) => `http://operator.localhost:${E2E_PORT}${path}`

const ownProfileId = (page: Page) =>
  page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((d: { user: { profile: { id: number } } }) => d.user.profile.id))

/** A second member's browser, past the entry warning and the cookie banner as the fixture's page is. */
async function memberContext(browser: Browser) {
  const context = await browser.newContext()
  await context.addInitScript(() => window.localStorage.setItem('skipped', String(Date.now())))
  await context.addCookies(SITES.map((site) => ({ name: 'consent', value: 'necessary', url: siteUrl(site.slug) })))
  await context.addCookies(SITES.map((site) => ({ name: 'entry_warning_seen', value: '1', url: siteUrl(site.slug) })))
  return context
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(consoleUrl('/login'))
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByLabel('Wachtwoord').fill(password)
  await page.getByRole('button', { name: 'Aanmelden' }).click()
}

async function report(page: Page, bramId: number, name: string, reason: string, note?: string) {
  await page.goto(siteUrl('flirtlokaal', `/members/${bramId}`))
  await page.getByRole('link', { name: `${name} melden` }).click()
  await expect(page).toHaveURL(new RegExp(`/members/${bramId}/report$`))
  await expect(page.getByRole('heading', { name: `${name} melden` })).toBeVisible()
  await page.getByLabel(reason, { exact: true }).check()
  if (note) await page.getByLabel(/Toelichting/).fill(note)
  await page.getByRole('button', { name: 'Melding versturen' }).click()
  await expect(page).toHaveURL(new RegExp(`/members/${bramId}$`))
}

test('a member reports a profile; a moderator warns, then bans', async ({ page, browser }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 390, height: 740 })
  await signUpDutch(page, 'flirtlokaal', 'woman')
  const bramContext = await memberContext(browser)
  const bram = await bramContext.newPage()
  const bramMember = await signUpDutch(bram, 'flirtlokaal', 'man', 'UT')
  const bramId = await ownProfileId(bram)

  // Without a reason the form says so at the field and sends nothing.
  await page.goto(siteUrl('flirtlokaal', `/members/${bramId}/report`))
  await page.getByRole('button', { name: 'Melding versturen' }).click()
  await expect(page.getByText('Kies een reden.')).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  await report(page, bramId, bramMember.name, 'Nepprofiel', 'Zijn foto staat op een stockfotosite')
  await expect(page.getByText(`Bedankt. We bekijken je melding over ${bramMember.name}.`)).toBeVisible()
  await report(page, bramId, bramMember.name, 'Oplichting')
  await expect(page.getByText(`Je had ${bramMember.name} al gemeld. We bekijken je melding.`)).toBeVisible()

  // The moderator's queue.
  const moderatorContext = await browser.newContext()
  const moderator = await moderatorContext.newPage()
  await signIn(moderator, 'moderator@console.example.com', 'demo-console-moderator')
  await expect(moderator).toHaveURL(/\/photos$/)
  await moderator.getByRole('link', { name: 'Meldingen', exact: true }).click()
  await expect(moderator).toHaveURL(/\/reports$/)
  const card = moderator.locator(`[data-report-target="${bramId}"]`)
  await expect(card.getByRole('heading', { name: bramMember.name })).toBeVisible()
  await expect(card).toContainText('Nepprofiel')
  await expect(card).toContainText('Zijn foto staat op een stockfotosite')
  await expect(card.locator('[data-report]')).toHaveCount(1)
  const violations = (await new AxeBuilder({ page: moderator }).analyze()).violations
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  await card.getByLabel('Reden van de waarschuwing').selectOption('fake')
  await card.getByRole('button', { name: 'Waarschuwen' }).click()
  await expect(moderator.getByRole('status')).toContainText('Het lid is gewaarschuwd')
  await expect(moderator.locator(`[data-report-target="${bramId}"]`)).toHaveCount(0)

  // Bram's next page shows the warning until he confirms it.
  await bram.goto(siteUrl('flirtlokaal', '/members'))
  const warning = bram.getByTestId('member-warning')
  await expect(warning).toContainText('Een moderator heeft je een waarschuwing gegeven wegens: Nepprofiel.')
  await warning.getByRole('button', { name: 'Ik heb het begrepen' }).click()
  await expect(bram).toHaveURL(/\/members$/)
  await expect(bram.getByTestId('member-warning')).toHaveCount(0)

  // A new report (the first was closed by the warning), and the ban.
  await report(page, bramId, bramMember.name, 'Oplichting', 'Vraagt om geld')
  await expect(page.getByText(`Bedankt. We bekijken je melding over ${bramMember.name}.`)).toBeVisible()
  // No reload: the console's event stream refreshes /reports and says so politely.
  const again = moderator.locator(`[data-report-target="${bramId}"]`)
  await expect(again).toBeVisible()
  await expect(moderator.getByTestId('reports-live')).toContainText('Er wacht een nieuwe melding of een vastgehouden bericht.')
  await expect(again).toContainText('Gewaarschuwd wegens Nepprofiel')
  await again.getByLabel('Reden van de blokkade').fill('Oplichting na waarschuwing')
  await again.getByRole('button', { name: 'Lid blokkeren' }).click()
  await expect(moderator.getByRole('status')).toContainText('Het lid is geblokkeerd en overal uitgelogd.')

  // Bram's open page may still be reacting to the ban's live event (it revalidates and
  // navigates); once that has settled, his next page is the login.
  await expect(async () => {
    await bram.goto(siteUrl('flirtlokaal', '/chats'))
    await expect(bram).toHaveURL(/\/login/, { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
  await moderatorContext.close()
  await bramContext.close()
})
