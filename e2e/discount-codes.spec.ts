// Issue #23 acceptance on the console host: a finance operator (second factor enrolled on the
// way) creates a one-time discount code on /codes; a member pays with it at the Mollie
// sandbox; a second use (another member, and the same one) says 'Code reeds gebruikt' at the
// code field (SPEC §5); /codes counts 1 use; expired, the code no longer works. The finance
// pages met on the way (/codes, /refunds, the member's care page with direct debit) pass axe.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { signUpDutch, unique } from './members.ts'
import { addOperator, consoleUrl, signInFirstTime } from './operators.ts'
import { siteUrl } from './sites.ts'
import type { Page } from '@playwright/test'

/** On /credits/starter (the first bundle, EUR 14.95): iDEAL, the notice acknowledged, the typed code. */
async function checkoutWithCode(page: Page, code: string) {
  await page.goto(siteUrl('flirtlokaal', '/credits/starter'))
  await page.getByLabel('iDEAL').check()
  await page.getByLabel('Kies je bank').selectOption({ label: 'ING' })
  const disclosure = page.getByLabel('Ik heb dit gelezen en begrepen')
  if ((await disclosure.count()) > 0) await disclosure.check()
  await page.getByLabel('Kortingscode').fill(code)
  await page.getByRole('button', { name: 'Afrekenen' }).click()
}

test('a finance operator creates a one-time code; one member uses it, a second use is refused, /codes counts 1 use', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const email = `finance.codes.${unique()}@console.example.com`
  const password = 'finance codes pw 12'
  await addOperator(email, password, 'finance')
  const operatorContext = await browser.newContext()
  const operator = await operatorContext.newPage()
  await signInFirstTime(operator, email, password)
  await operator.goto(consoleUrl('/codes'))
  const code = `ONCE${unique().toUpperCase()}`.slice(0, 40)
  const form = operator.getByRole('form', { name: 'Nieuwe code' })
  await form.getByLabel('Site').selectOption({ label: 'FlirtLokaal' })
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await form.getByLabel('Korting (%)').fill('20')
  await form.getByLabel('Eenmalig').check()
  await form.getByRole('button', { name: 'Code aanmaken' }).click()
  await expect(operator.getByRole('status')).toContainText('De code is aangemaakt.')
  const row = operator.locator(`tr[data-code="${code}"]`)
  await expect(row).toContainText('Eenmalig')
  await expect(row.getByTestId('uses')).toHaveText('0')

  // A member types it at checkout: 20 % off EUR 14.95, paid at the sandbox.
  const member = await signUpDutch(page, 'flirtlokaal', 'man')
  await checkoutWithCode(page, code.toLowerCase())
  await expect(page).toHaveURL(/\/checkout\/tr_/)
  await expect(page.getByText('EUR 11.96')).toBeVisible()
  await page.getByRole('button', { name: 'Paid', exact: true }).click()
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid')

  // A second use: by the same member, and by another member (one-time: whoever used it).
  await checkoutWithCode(page, code)
  await expect(page.getByText('Code reeds gebruikt')).toBeVisible()
  await expect(page.getByLabel('Kortingscode')).toHaveValue(code)
  const otherContext = await browser.newContext()
  await otherContext.addInitScript(() => window.localStorage.setItem('skipped', String(Date.now())))
  await otherContext.addCookies(['consent', 'entry_warning_seen'].map((name) => ({ name, value: name === 'consent' ? 'necessary' : '1', url: siteUrl('flirtlokaal') })))
  const other = await otherContext.newPage()
  await signUpDutch(other, 'flirtlokaal', 'woman')
  await checkoutWithCode(other, code)
  await expect(other.getByText('Code reeds gebruikt')).toBeVisible()
  await expect(other).toHaveURL(/\/credits\//)

  // The console counts the one paid use; expiring the code stops it.
  await operator.reload()
  await expect(row.getByTestId('uses')).toHaveText('1')
  await row.getByRole('button', { name: 'Laten verlopen' }).click()
  await expect(operator.getByRole('status')).toContainText('De code is verlopen.')
  await expect(operator.locator(`tr[data-code="${code}"]`)).toContainText('verlopen')
  await expect(operator.locator(`tr[data-code="${code}"]`).getByTestId('uses')).toHaveText('1')
  expect((await new AxeBuilder({ page: operator }).analyze()).violations).toEqual([])

  // The member's care page: the paid purchase, and direct debit allowed with the site's limit.
  await operator.goto(consoleUrl(`/members?q=${encodeURIComponent(member.email)}`))
  await operator.getByRole('link', { name: member.email }).click()
  await expect(operator.getByTestId('direct-debit-state')).toHaveText('Toegestaan')
  await expect(operator.getByTestId('direct-debit-used')).toContainText('150,00')
  expect((await new AxeBuilder({ page: operator }).analyze()).violations).toEqual([])
  await operator.goto(consoleUrl('/refunds'))
  expect((await new AxeBuilder({ page: operator }).analyze()).violations).toEqual([])
  await otherContext.close()
  await operatorContext.close()
})
