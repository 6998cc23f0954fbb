// Issue 20 acceptance (decision 040): a member buys 100 credits, spends half of them, asks for
// a refund; a finance operator approves it on the console, where the request shows bought,
// used and held credits; the sandbox shows the pro-rata amount refunded, and the ledger takes
// back exactly the unused credits, once.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signUpDutch } from './members.ts'
import { addOperator, consoleUrl, e2eDir, signInFirstTime } from './operators.ts'
import { siteUrl } from './sites.ts'

type SandboxPayment = { id: string; status: string; amount: { value: string }; amountRefunded?: { value: string }; metadata: { paymentId?: string; member?: string } | null }

async function sandboxPayments(): Promise<SandboxPayment[]> {
  const { checkoutOrigin } = JSON.parse(readFileSync(path.join(e2eDir(), 'mollie.json'), 'utf8')) as { checkoutOrigin: string }
  return (await fetch(`${checkoutOrigin}/__sandbox/payments`)).json() as Promise<SandboxPayment[]>
}

const user = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { user: { id: string; credits: number; paid_user: boolean } }).user)

test('a member spends half a purchase, asks a refund, finance approves it: the pro-rata amount is refunded and the unused credits taken back', async ({ page, browser }) => {
  test.setTimeout(240_000)
  await signUpDutch(page, 'flirtlokaal', 'man')
  const signupCredits = (await user(page)).credits

  // 100 credits with the time bonus: EUR 11.21, paid at the sandbox.
  await page.goto(siteUrl('flirtlokaal', '/credits/starter'))
  await page.getByLabel('iDEAL').check()
  await page.getByLabel('Kies je bank').selectOption({ label: 'ING' })
  await page.getByLabel('Ik heb dit gelezen en begrepen').check()
  await page.getByRole('button', { name: 'Afrekenen' }).click()
  await expect(page).toHaveURL(/\/checkout\/tr_/)
  await page.getByRole('button', { name: 'Paid', exact: true }).click()
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid')
  const paymentId = page.url().split('/').pop()!
  expect((await user(page)).credits).toBe(signupCredits + 100)

  // Spend the signup credits and half the purchase on messages of 10 credits.
  await page.goto(siteUrl('flirtlokaal', '/members'))
  const partner = (await page.locator('section.live-cams a.member-card__link').first().getAttribute('href'))!.split('/').pop()!
  await page.goto(siteUrl('flirtlokaal', `/members/${partner}/chat`))
  for (let i = 0; i < (signupCredits + 50) / 10; i++) {
    await page.getByPlaceholder('Je bericht').fill(`Bericht ${i + 1}`)
    await page.getByRole('button', { name: 'Versturen' }).click()
    await expect(page.getByTestId('chat-messages')).toContainText(`Bericht ${i + 1}`)
  }
  const member = await user(page)
  expect(member.credits).toBe(50)

  // The refund request holds the 50 unused credits at once.
  await page.goto(siteUrl('flirtlokaal', `/transactions/${paymentId}`))
  await page.getByRole('button', { name: 'Terugbetaling aanvragen' }).click()
  await expect(page.getByText('Je verzoek om terugbetaling is ontvangen')).toBeVisible()
  expect((await user(page)).credits).toBe(0)

  // Finance approves on the console (second factor enrolled on the way).
  const email = `finance.${Date.now()}@console.example.com`
  const password = 'finance refunds pw 12'
  await addOperator(email, password, 'finance')
  const operatorContext = await browser.newContext()
  const operator = await operatorContext.newPage()
  await signInFirstTime(operator, email, password)
  await operator.goto(consoleUrl('/refunds'))
  const request = operator.getByTestId('refund-request').filter({ hasText: member.id })
  await expect(request.getByTestId('refund-bought')).toHaveText('100')
  await expect(request.getByTestId('refund-used')).toHaveText('50')
  await expect(request.getByTestId('refund-left')).toHaveText('50')
  await expect(request.getByTestId('refund-amount')).toContainText('5,60')
  await expect(request.getByTestId('refund-policy')).toHaveText('naar rato van de ongebruikte credits')
  await request.getByRole('button', { name: 'Goedkeuren' }).click()
  await expect(operator.getByTestId('refund-request').filter({ hasText: member.id })).toHaveCount(0)

  // The job asks Mollie for amount x 50 / 100; the sandbox's webhook completes it.
  await expect
    .poll(async () => (await sandboxPayments()).find((p) => p.metadata?.paymentId === paymentId)?.amountRefunded?.value, { timeout: 60_000 })
    .toBe('5.60')
  await expect
    .poll(async () => {
      await page.goto(siteUrl('flirtlokaal', `/transactions/${paymentId}`))
      return page.getByText('Deze betaling is terugbetaald.').count()
    }, { timeout: 60_000 })
    .toBe(1)

  // The ledger: +100 bought, exactly -50 taken back, nothing more; no longer premium.
  await page.goto(siteUrl('flirtlokaal', '/transactions'))
  const movements = page.locator('table').nth(1).locator('tbody tr')
  await expect(movements.filter({ hasText: 'Terugbetaling' })).toHaveCount(1)
  await expect(movements.filter({ hasText: 'Terugbetaling' })).toContainText('-50')
  const after = await user(page)
  expect(after.credits).toBe(0)
  expect(after.paid_user).toBe(false)
  await operatorContext.close()
})
