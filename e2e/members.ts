// Creates real, activated members through the UI (signup page + activation mail), for
// tests that need fresh members of their own.
import { expect, type Page } from '@playwright/test'
import { siteUrl, waitForLink } from './sites.ts'

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const DUTCH = { gender: { man: 'Man', woman: 'Vrouw' }, sexuality: 'Hetero', next: 'Volgende', birthDate: 'Geboortedatum', region: 'Provincie', name: 'Profielnaam', email: 'E-mailadres', password: 'Wachtwoord', create: 'Account aanmaken', later: 'Later toevoegen', finish: 'Afronden', subject: /Bevestig je e-mailadres/, done: 'Je account is geactiveerd' }
const ENGLISH: typeof DUTCH = { gender: { man: 'Man', woman: 'Woman' }, sexuality: 'Straight', next: 'Next', birthDate: 'Date of birth', region: 'Region', name: 'Profile name', email: 'E-mail address', password: 'Password', create: 'Create account', later: 'Add later', finish: 'Finish', subject: /Confirm your e-mail address/, done: 'Your account is activated' }

export type TestMember = { email: string; password: string; name: string }

/** Signs up on a Dutch site through the /signup page and follows the activation mail. */
export async function signUpDutch(page: Page, slug: string, gender: 'man' | 'woman', region = 'NH'): Promise<TestMember> {
  return signUp(page, DUTCH, slug, gender, region)
}

/** The same on DateVibe (English; signups need a traffic source, so one is brought along). */
export async function signUpDateVibe(page: Page, gender: 'man' | 'woman'): Promise<TestMember> {
  return signUp(page, ENGLISH, 'datevibe', gender, 'ENG', '/signup?network=e2e')
}

async function signUp(page: Page, x: typeof DUTCH, slug: string, gender: 'man' | 'woman', region: string, signupPath = '/signup'): Promise<TestMember> {
  const member = { email: `m.${unique()}@example.test`, password: 'Correct horse 42', name: `T${unique().slice(-8)}` }
  const started = Date.now()
  await page.goto(siteUrl(slug, signupPath))
  await page.getByLabel(x.gender[gender], { exact: true }).check()
  await page.getByLabel(x.sexuality, { exact: true }).check()
  await page.getByRole('button', { name: x.next }).click()
  await page.getByLabel(x.birthDate).fill('1990-02-20')
  await page.getByLabel(x.region).selectOption(region)
  await page.getByRole('button', { name: x.next }).click()
  await page.getByLabel(x.name).fill(member.name)
  await page.getByLabel(x.email).fill(member.email)
  await page.getByLabel(x.password, { exact: true }).fill(member.password)
  await page.getByRole('button', { name: x.create }).click()
  await page.getByRole('button', { name: x.later }).click()
  await page.getByRole('button', { name: x.finish }).click()
  await page.goto(await waitForLink(member.email, x.subject, '/activate?token=', started))
  await expect(page.getByRole('heading', { name: x.done })).toBeVisible()
  return member
}

export async function logInDutch(page: Page, slug: string, member: Pick<TestMember, 'email' | 'password'>) {
  await page.goto(siteUrl(slug, '/login'))
  await page.getByLabel('E-mailadres').fill(member.email)
  await page.getByLabel('Wachtwoord', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Inloggen' }).click()
  await expect(page).toHaveURL(/\/members/)
}
