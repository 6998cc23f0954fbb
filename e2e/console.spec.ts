// Issue #21 acceptance, the operator console: a member writes to a fictional profile (credits
// charged once); a chatter on the console host sees it waiting, takes it, a second chatter
// cannot; the answer appears live in the member's chat and costs the member nothing; the
// audit log shows the claim and the answer. Console pages pass axe; the old /operator/*
// paths answer 404 on member hosts.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { api, E2E_PORT, siteUrl } from './sites.ts'

const CONSOLE = `http://operator.localhost:${E2E_PORT}`
const consoleUrl = (path: string) => `${CONSOLE}${path}`

async function signIn(page: Page, email: string, password: string) {
  await page.goto(consoleUrl('/login'))
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByLabel('Wachtwoord').fill(password)
  await page.getByRole('button', { name: 'Aanmelden' }).click()
}

/** A second chatter, invited by nobody: made through the test's own admin path (operator:add's function). */
async function makeChatter(page: Page, admin: Page, email: string): Promise<string> {
  await admin.goto(consoleUrl('/operators'))
  await admin.getByLabel('E-mailadres').fill(email)
  await admin.getByLabel('Naam').fill('Second chatter')
  await admin.getByLabel('Rol').selectOption('chatter')
  await admin.getByLabel('Alle sites, ook toekomstige').check()
  await admin.getByRole('button', { name: 'Uitnodigen' }).click()
  const link = (await admin.getByTestId('invite-link').textContent())!.trim()
  await page.goto(link)
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('second chatter pw 12')
  await page.getByLabel('Nieuw wachtwoord nogmaals').fill('second chatter pw 12')
  await page.getByRole('button', { name: 'Wachtwoord instellen en aanmelden' }).click()
  await expect(page).toHaveURL(/\/login$/)
  return 'second chatter pw 12'
}

test('a member writes to a fictional profile, one chatter answers as it, live and free', async ({ page, browser }) => {
  test.setTimeout(180_000)
  // The member: a fresh account with the signup credits; writes to a live-cam (fictional) profile.
  const member = await signUpDutch(page, 'flirtlokaal', 'man')
  await page.goto(siteUrl('flirtlokaal', '/members'))
  const cam = page.locator('section.live-cams a.member-card__link').first()
  const profileId = (await cam.getAttribute('href'))!.split('/').pop()!
  await page.goto(siteUrl('flirtlokaal', `/members/${profileId}/chat`))
  const text = `Ben jij echt? ${Date.now()}`
  await page.getByPlaceholder('Je bericht').fill(text)
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page.getByTestId('chat-messages')).toContainText(text)
  const credits = () => page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { user: { credits: number } }).user.credits)
  const creditsAfterOwn = await credits()

  // The chatter (demo), in a browser of their own on the console host.
  const chatterContext = await browser.newContext()
  const chatter = await chatterContext.newPage()
  await signIn(chatter, 'chatter@console.example.com', 'demo-console-chatter')
  await expect(chatter).toHaveURL(/\/inbox$/)
  await expect(chatter.getByTestId('waiting-count')).toBeVisible()
  const row = chatter.locator('tr', { hasText: text.slice(0, 40) })
  await expect(row).toBeVisible()
  const conversation = await row.getAttribute('data-conversation')

  // The admin (second factor set up on the way) and a second chatter who cannot take it.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, 'admin@console.example.com', 'demo-console-admin')
  await expect(admin).toHaveURL(/\/login\/setup/)
  const key = (await admin.locator('code.console-code').textContent())!.replace(/\s+/g, '')
  const { generateTOTP } = await import('@epic-web/totp')
  await admin.getByRole('textbox', { name: 'Code' }).fill((await generateTOTP({ secret: key, period: 30, digits: 6, algorithm: 'SHA-1' })).otp)
  await admin.getByRole('button', { name: 'Inschakelen' }).click()
  await expect(admin.getByTestId('recovery-codes')).toBeVisible()
  await admin.getByRole('link', { name: 'Ik heb ze bewaard: verder' }).click()
  const secondContext = await browser.newContext()
  const second = await secondContext.newPage()
  const secondEmail = `chatter2.${Date.now()}@console.example.com`
  const secondPassword = await makeChatter(second, admin, secondEmail)
  await signIn(second, secondEmail, secondPassword)

  await row.getByRole('button', { name: 'Oppakken' }).click()
  await expect(chatter).toHaveURL(new RegExp(`/inbox/${conversation}$`))
  await expect(chatter.getByTestId('disclosure')).toBeVisible()
  await expect(chatter.getByTestId('side-member')).toContainText(member.name)
  await expect(chatter.getByTestId('side-member')).not.toContainText(member.email)

  await second.goto(consoleUrl('/inbox'))
  await expect(second.locator(`tr[data-conversation="${conversation}"]`)).toContainText('Bezet door Demo chatter')
  await second.goto(consoleUrl(`/inbox/${conversation}`))
  await expect(second.getByText('Bezet door Demo chatter')).toBeVisible()

  // The answer: live in the member's open chat, and free.
  await chatter.getByRole('button', { name: 'Eerlijk antwoord: geen echt persoon' }).click()
  await expect(chatter.getByLabel(/^Antwoorden als/)).toHaveValue(/medewerker/)
  const answer = `Hoi ${member.name}! ${Date.now()}`
  await chatter.getByLabel(/^Antwoorden als/).fill(answer)
  await chatter.getByRole('button', { name: 'Versturen', exact: true }).click()
  await expect(chatter.getByText('Verstuurd. Het lid ziet het nu.')).toBeVisible()
  await expect(page.getByTestId('chat-messages')).toContainText(answer, { timeout: 15_000 })
  expect(await credits()).toBe(creditsAfterOwn)

  // The audit log shows the claim and the answer.
  await admin.goto(consoleUrl(`/audit?targetType=conversation&targetId=${conversation}`))
  await expect(admin.locator('tr[data-action="inbox.claim"]')).toHaveCount(1)
  await expect(admin.locator('tr[data-action="inbox.reply"]')).toHaveCount(1)

  // Console pages pass axe with no serious violation.
  for (const [who, path] of [[admin, '/audit'], [admin, '/operators'], [admin, '/photos'], [admin, '/profiles'], [admin, '/account'], [chatter, '/inbox'], [chatter, `/inbox/${conversation}`], [chatter, '/inbox/metrics'], [chatter, '/inbox/replies']] as const) {
    await who.goto(consoleUrl(path))
    const { violations } = await new AxeBuilder({ page: who }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${path}: ${v.id}`)).toEqual([])
  }
  await Promise.all([chatterContext.close(), adminContext.close(), secondContext.close()])
})

test('the console login passes axe, and the old operator paths are gone from member hosts', async ({ page, request }) => {
  await page.goto(consoleUrl('/login'))
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  for (const path of ['/operator/photos', '/operator/complaints', '/operator/refunds', '/operator/landers', '/console/login', '/inbox', '/audit']) {
    const response = await request.get(...api('flirtlokaal', path))
    expect(response.status(), path).toBe(404)
  }
})
