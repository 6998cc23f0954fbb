// Issue #12 acceptance, chat: Anna (flirtlokaal) writes to Bram (datedichtbij, same pool).
// Bram sees it arrive without reloading, with the unread badge and the title prefix; what
// looks like markup stays text; Anna runs out of credits and gets the buy-credits alert
// with nothing sent; the conversation fits a phone screen.
import type { Page } from '@playwright/test'
import { signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

const ownProfileId = (page: Page) =>
  page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((d: { user: { profile: { id: number } } }) => d.user.profile.id))

const messagesBadge = (page: Page) => page.getByRole('banner').getByTestId('messages-badge')
const messages = (page: Page) => page.getByTestId('chat-messages')

test('messages arrive live, cost credits, stay text, and fit a phone', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const anna = await signUpDutch(page, 'flirtlokaal', 'woman')
  const bramContext = await browser.newContext()
  await bramContext.addInitScript(() => window.localStorage.setItem('skipped', '1'))
  const bram = await bramContext.newPage()
  await signUpDutch(bram, 'datedichtbij', 'man', 'UT')
  const bramId = await ownProfileId(bram)
  await bram.goto(siteUrl('datedichtbij', '/chats'))
  await expect(bram.getByRole('heading', { name: 'Nog geen gesprekken' })).toBeVisible()
  await expect(messagesBadge(bram)).toHaveCount(0)

  // Anna, on a phone-sized screen, opens the chat from Bram's profile.
  await page.setViewportSize({ width: 390, height: 740 })
  await page.goto(siteUrl('flirtlokaal', `/members/${bramId}`))
  await page.getByRole('link', { name: 'Bericht sturen' }).click()
  await expect(page).toHaveURL(new RegExp(`/members/${bramId}/chat$`))
  const box = page.getByRole('textbox', { name: 'Je bericht' })
  const markup = '<script>window.__chatXss = 1</script> Hoi <b>Bram</b>'
  await box.fill(markup)
  await expect(page.getByText(`${[...markup].length} / 1000 tekens`)).toBeVisible()
  // The box and the send button are on screen, and nothing scrolls sideways.
  await expect(page.getByRole('button', { name: 'Versturen' })).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page).toHaveURL(/\/chats\/\d+$/)
  await expect(messages(page)).toContainText(markup)
  await expect(box).toHaveValue('')

  // Bram, without reloading: the badge and the title count it.
  await expect(messagesBadge(bram)).toHaveText('1')
  await expect(bram).toHaveTitle(/^\(1\) /)
  await expect(bram.getByTestId('chat-list')).toContainText(anna.name)
  await bram.getByRole('link', { name: new RegExp(anna.name) }).first().click()
  await expect(messages(bram)).toContainText(markup)
  expect(await bram.evaluate(() => (window as unknown as { __chatXss?: number }).__chatXss)).toBeUndefined()
  await expect(messagesBadge(bram)).toHaveCount(0)

  // Anna's second message (her signup credits pay for two) appears on Bram's open chat.
  await box.fill('Tweede bericht')
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(messages(page)).toContainText('Tweede bericht')
  await expect(messages(bram)).toContainText('Tweede bericht')
  // Bram read it: Anna's page shows it, live too.
  await expect(messages(page).getByText('Gelezen').last()).toBeVisible()

  // The third does not fit: the alert offers credits, nothing is sent and the text stays.
  await box.fill('Derde bericht')
  await page.getByRole('button', { name: 'Versturen' }).click()
  const alert = page.getByRole('alertdialog', { name: 'Niet genoeg credits' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/pricing')
  await expect(box).toHaveValue('Derde bericht')
  await alert.getByRole('button', { name: 'Sluiten' }).click()
  await expect(messages(page)).not.toContainText('Derde bericht')
  await bram.waitForTimeout(500)
  await expect(messages(bram)).not.toContainText('Derde bericht')
  await bramContext.close()
})
