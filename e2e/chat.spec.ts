// Issue #12 acceptance, chat: Anna (flirtlokaal) writes to Bram (datedichtbij, same pool).
// With REDIS_URL Bram uses a second app process (scripts/e2e-node.ts: same database and
// Redis, another port), so the message crosses nodes; without it, the same node.
// Bram sees it arrive without reloading, with the unread badge and the title prefix; what
// looks like markup stays text; Anna runs out of credits and gets the buy-credits alert
// with nothing sent; the conversation fits a phone screen.
import { spawn, type ChildProcess } from 'node:child_process'
import type { Page } from '@playwright/test'
import { signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { E2E_PORT, siteUrl } from './sites.ts'

// One second node per worker (the file's tests may run in two workers at once).
let SECOND_PORT = E2E_PORT + 20
const acrossNodes = Boolean(process.env.REDIS_URL)
let second: ChildProcess | null = null
const secondLog: string[] = []

test.beforeAll(async () => {
  if (!acrossNodes) return
  test.setTimeout(120_000)
  SECOND_PORT = E2E_PORT + 20 + test.info().parallelIndex
  second = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-node.ts', String(SECOND_PORT)], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
  second.stdout!.on('data', (chunk: Buffer) => secondLog.push(chunk.toString()))
  second.stderr!.on('data', (chunk: Buffer) => secondLog.push(chunk.toString()))
  const deadline = Date.now() + 100_000
  while (Date.now() < deadline) {
    if (second.exitCode !== null) throw new Error(`second node exited:\n${secondLog.join('')}`)
    if (await fetch(`http://127.0.0.1:${SECOND_PORT}/healthz`).then((r) => r.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`second node did not start:\n${secondLog.join('')}`)
})

test.afterAll(async () => {
  if (!second || second.exitCode !== null) return
  const exited = new Promise((resolve) => second!.once('exit', resolve))
  second.kill('SIGTERM')
  await exited
})

/** Bram's pages: on the second node when there is one (cookies do not depend on the port). */
const bramUrl = (path: string) => (acrossNodes ? `http://datedichtbij.localhost:${SECOND_PORT}${path}` : siteUrl('datedichtbij', path))

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
  await bram.goto(bramUrl('/chats'))
  if (acrossNodes) expect(new URL(bram.url()).port).toBe(String(SECOND_PORT))
  await expect(bram.getByRole('heading', { name: 'Nog geen gesprekken' })).toBeVisible()
  await expect(messagesBadge(bram)).toHaveCount(0)
  // Past the periodic refresh's first run (5 s after load; the next is 60 s later), so only
  // the live event can bring Anna's message within the expect timeout.
  await bram.waitForTimeout(5_500)

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

// Decision 017: a gift sent from the chat is charged, shows in the conversation, and reaches
// the partner (on the second node when there is one) without a reload; the credits badge
// follows. Without credits the buy-credits alert says the gift was not sent.
test('a gift from the chat arrives live for the partner', async ({ page, browser }) => {
  test.setTimeout(180_000)
  await signUpDutch(page, 'flirtlokaal', 'woman')
  const bramContext = await browser.newContext()
  await bramContext.addInitScript(() => window.localStorage.setItem('skipped', '1'))
  const bram = await bramContext.newPage()
  await signUpDutch(bram, 'datedichtbij', 'man', 'UT')
  const bramId = await ownProfileId(bram)
  await bram.goto(bramUrl('/chats'))
  await bram.waitForTimeout(5_500)

  // Anna spends her signup credits on a first message, then has too few for a gift.
  await page.goto(siteUrl('flirtlokaal', `/members/${bramId}/chat`))
  await page.getByRole('textbox', { name: 'Je bericht' }).fill('Hoi!')
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page).toHaveURL(/\/chats\/\d+$/)
  await page.getByText('Cadeau sturen').click()
  await page.getByText('Roos', { exact: true }).click()
  await page.getByRole('button', { name: /Verstuur cadeau/ }).click()
  const alert = page.getByRole('alertdialog', { name: 'Niet genoeg credits' })
  await expect(alert).toContainText('Je cadeau is niet verstuurd')
  await alert.getByRole('button', { name: 'Sluiten' }).click()
  await expect(page.getByTestId('chat-gift')).toHaveCount(0)

  // With credits (a test hook standing in for a purchase, and premium with it) it goes out.
  for (const hook of ['/__test/premium', '/__test/credits']) {
    const status = await page.evaluate((path) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credits: 100 }) }).then((r) => r.status), hook)
    expect(status).toBe(200)
  }
  await page.reload()
  await page.getByText('Cadeau sturen').click()
  await page.getByText('Champagne', { exact: true }).click()
  await page.getByRole('button', { name: /Verstuur cadeau/ }).click()
  await expect(page.getByTestId('chat-gift')).toContainText('Je stuurde een cadeau: Champagne')

  // Bram, without reloading: the list says so, and the conversation shows the gift.
  await expect(messagesBadge(bram)).toHaveText('2')
  await expect(bram.getByTestId('chat-list')).toContainText('Cadeau: Champagne')
  await bram.getByTestId('chat-list').getByRole('link').first().click()
  await expect(bram.getByTestId('chat-gift')).toContainText('stuurde je een cadeau: Champagne')
  await bramContext.close()
})
