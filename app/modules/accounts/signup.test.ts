// Signup against a real database: the account, its credits and traffic source, the rules of
// SPEC §5 and §6, and the per-site uniqueness of e-mail addresses.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEME_NAMES, THEMES } from '../../../themes/index.ts'
import { verifyPassword } from '../auth/password.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { loadTenants, type LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { translatorFor } from '../tenancy/context.server.ts'
import { GRACE_MS } from './deletion.server.ts'
import { createAccount, submitSignupStep, type NewAccount, type SignupDeps } from './signup.server.ts'
import { Step0Schema, Step2Schema, parseStep, readDraft, step1Schema } from './signup-schema.ts'
import { hasTrafficSource, resolveTracking, signupAllowed, trackingCookie, trackingFromQuery } from './tracking.server.ts'

let db: Db
const tenants = await loadTenants(THEME_NAMES)
const tenant = (slug: string) => tenants.find((t) => t.slug === slug)!

function deps(scope: Scope, now?: Date): SignupDeps {
  const site: LoadedTenant = tenant(scope.tenantId)
  return {
    db,
    scope,
    tenant: site,
    theme: THEMES[site.theme]!,
    t: translatorFor(site.locales.default, site),
    link: (path) => `http://${site.slug}.localhost:3000${path}`,
    now,
  }
}

let n = 0
function account(overrides: Partial<NewAccount> = {}): NewAccount {
  n += 1
  return {
    gender: 'woman',
    sexuality: 'hetero',
    birthDate: new Date('1990-04-02T00:00:00Z'),
    country: 'NL',
    region: 'NH',
    name: `Signer${n}`,
    email: `signer${n}@example.test`,
    password: 'correct horse battery',
    tracking: null,
    locale: 'nl',
    ...overrides,
  }
}

const outbox = (scope: Scope, to: string) =>
  withScope(db, scope, (tx) => tx.outboxMail.findMany({ where: { tenantId: scope.tenantId, to }, orderBy: { createdAt: 'asc' } }))

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('createAccount', () => {
  it('creates a not_confirmed account with a hashed password, the signup credits and the traffic source', async () => {
    const input = account({ email: '  Anna.Signup@Example.TEST ', tracking: { network: 'tradetracker', ref: 'abc', sub1: 'x' } })
    const result = await createAccount(deps(FLIRTLOKAAL), input)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: result.userId } }, include: { profile: true, sessions: true, tokens: true } }))
    expect(user.email).toBe('anna.signup@example.test')
    expect(user.status).toBe('not_confirmed')
    expect(user.credits).toBe(tenant('flirtlokaal').credits.signup)
    expect(user.credits).toBeGreaterThan(0)
    // On the ledger, once, with the account as its reference.
    const ledger = await withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: result.userId } }))
    expect(ledger.map((r) => [r.reason, r.delta, r.balanceAfter, r.reference])).toEqual([['signup_grant', user.credits, user.credits, user.id]])
    expect(user.tracking).toEqual({ network: 'tradetracker', ref: 'abc', sub1: 'x' })
    expect(user.locale).toBe('nl')
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    expect(user.passwordHash).not.toContain(input.password)
    expect(await verifyPassword(user.passwordHash, input.password)).toBe(true)
    expect(user.profile).toMatchObject({ name: input.name, gender: 'woman', sexuality: 'hetero', country: 'NL', region: 'NH', status: 'disabled', invisible: false, poolId: 'benelux' })
    expect(user.sessions).toHaveLength(1)
    expect(user.tokens.map((t) => t.purpose)).toEqual(['activation'])
    const mails = await outbox(FLIRTLOKAAL, 'anna.signup@example.test')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('http://flirtlokaal.localhost:3000/activate?token=')
    expect(mails[0]!.text).toContain(input.name)
  })

  it('stores no tracking when there is none', async () => {
    const result = await createAccount(deps(FLIRTLOKAAL), account())
    if (!result.ok) throw new Error('expected an account')
    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: result.userId } } }))
    expect(user.tracking).toBeNull()
  })

  it('refuses an address already used on the same site, and mails the owner a login link', async () => {
    const first = account({ email: 'twice@example.test' })
    expect((await createAccount(deps(FLIRTLOKAAL), first)).ok).toBe(true)
    const again = await createAccount(deps(FLIRTLOKAAL), account({ email: 'TWICE@example.test' }))
    expect(again).toEqual({ ok: false, reason: 'emailTaken' })
    const count = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.count({ where: { email: 'twice@example.test' } }))
    expect(count).toBe(1)
    const mails = await outbox(FLIRTLOKAAL, 'twice@example.test')
    expect(mails.map((m) => m.text.includes('/login'))).toEqual([false, true])
  })

  it('allows the same address on another site, as a separate account', async () => {
    const email = 'two-sites@example.test'
    const a = await createAccount(deps(FLIRTLOKAAL), account({ email }))
    const b = await createAccount(deps(DATEVIBE), account({ email, country: 'GB', region: 'ENG', locale: 'en', tracking: { ref: 'x' } }))
    expect(a.ok && b.ok).toBe(true)
    if (!a.ok || !b.ok) return
    expect(a.userId).not.toBe(b.userId)
    const onB = await withScope(db, DATEVIBE, (tx) => tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: b.userId } } }))
    expect(onB.credits).toBe(tenant('datevibe').credits.signup)
    // Site B does not see site A's account.
    expect(await withScope(db, DATEVIBE, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: a.userId } } }))).toBeNull()
  })

  it('refuses a signup without a traffic source on a with_trafficsource site, accepts one with a source', async () => {
    const input = account({ email: 'invite@example.test', country: 'GB', region: 'ENG', locale: 'en' })
    expect(await createAccount(deps(DATEVIBE), input)).toEqual({ ok: false, reason: 'inviteOnly' })
    expect(await createAccount(deps(DATEVIBE), { ...input, tracking: { sub1: 'no-source' } })).toEqual({ ok: false, reason: 'inviteOnly' })
    expect(await withScope(db, DATEVIBE, (tx) => tx.user.count({ where: { email: 'invite@example.test' } }))).toBe(0)
    const ok = await createAccount(deps(DATEVIBE), { ...input, tracking: { network: 'partner-net' } })
    expect(ok.ok).toBe(true)
  })

  it('answers a race between two signups with one address as "taken", never an error', async () => {
    const email = 'race@example.test'
    const results = await Promise.all([createAccount(deps(FLIRTLOKAAL), account({ email })), createAccount(deps(FLIRTLOKAAL), account({ email }))])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'emailTaken' }])
  })

  it('sends a reactivation link instead of a new account for a deleted account in its grace period', async () => {
    const email = 'deleted@example.test'
    const created = await createAccount(deps(FLIRTLOKAAL), account({ email }))
    if (!created.ok) throw new Error('expected an account')
    const deletedAt = new Date(Date.now() - 3 * 24 * 3600_000)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: created.userId } }, data: { status: 'deleted', deletedAt, statusBeforeDelete: 'active' } }))
    const result = await createAccount(deps(FLIRTLOKAAL), account({ email }))
    expect(result).toEqual({ ok: false, reason: 'reactivationSent' })
    const mails = await outbox(FLIRTLOKAAL, email)
    expect(mails.at(-1)!.text).toContain('http://flirtlokaal.localhost:3000/reactivate?token=')
    const tokens = await withScope(db, FLIRTLOKAAL, (tx) => tx.token.findMany({ where: { userId: created.userId, purpose: 'reactivation' } }))
    expect(tokens).toHaveLength(1)
    // It lasts until the end of the grace period, not longer.
    expect(tokens[0]!.expiresAt.getTime()).toBeLessThanOrEqual(deletedAt.getTime() + GRACE_MS)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.user.count({ where: { email } }))).toBe(1)
    // Asking again within a minute mails nothing new.
    expect(await createAccount(deps(FLIRTLOKAAL), account({ email }))).toEqual({ ok: false, reason: 'reactivationSent' })
    expect(await outbox(FLIRTLOKAAL, email)).toHaveLength(mails.length)
  })

  it('neither creates nor reactivates a deleted account past its grace period', async () => {
    const email = 'gone@example.test'
    const created = await createAccount(deps(FLIRTLOKAAL), account({ email }))
    if (!created.ok) throw new Error('expected an account')
    await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: created.userId } }, data: { status: 'deleted', deletedAt: new Date(Date.now() - GRACE_MS - 60_000) } }),
    )
    expect(await createAccount(deps(FLIRTLOKAAL), account({ email }))).toEqual({ ok: false, reason: 'emailPendingDeletion' })
  })
})

describe('step schemas', () => {
  const rules = { minimumAge: 18, countries: ['NL', 'BE'], today: () => new Date('2025-06-15T12:00:00Z') }
  // The first message per field: the one the form shows.
  const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    const errors: Record<string, string> = {}
    for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
    return errors
  }

  it('rejects a profile name equal to the e-mail address (SPEC §5 key)', () => {
    const r = Step2Schema.safeParse({ name: 'jan@example.test', email: 'jan@example.test', password: 'long enough pw' })
    expect(r.success).toBe(false)
    expect(Object.values(errorsOf(r))).toContain('validation.nameIsEmail')
  })

  it('accepts the own first name before the @ (only the whole address is refused)', () => {
    const local = Step2Schema.safeParse({ name: 'Sanne', email: 'sanne@example.test', password: 'long enough pw' })
    expect(errorsOf(local)).toEqual({})
    expect(Step2Schema.safeParse({ name: 'Jan.Smit', email: 'jan.smit@example.test', password: 'long enough pw' }).success).toBe(true)
  })

  it('rejects a profile name beginning with @ (SPEC §5 key)', () => {
    const r = Step2Schema.safeParse({ name: '@janneke', email: 'j@example.test', password: 'long enough pw' })
    expect(errorsOf(r)).toEqual({ name: 'validation.nameStartsWithAt' })
  })

  it('rejects an invalid e-mail and a short password', () => {
    const r = Step2Schema.safeParse({ name: 'Janneke', email: 'not-an-address', password: 'short' })
    expect(errorsOf(r)).toEqual({ email: 'validation.emailInvalid', password: 'validation.passwordTooShort' })
  })

  it('rejects someone under the minimum age and a missing date of birth', () => {
    const schema = step1Schema(rules)
    expect(errorsOf(schema.safeParse({ birthDate: '2008-01-01', country: 'NL', region: 'NH' }))).toEqual({ birthDate: 'validation.birthDateTooYoung' })
    expect(errorsOf(schema.safeParse({ country: 'NL', region: 'NH' }))).toEqual({ birthDate: 'validation.birthDateRequired' })
    expect(schema.safeParse({ birthDate: '2007-06-15', country: 'NL', region: 'NH' }).success).toBe(true)
  })

  it('accepts only the site countries and a region of the chosen country', () => {
    const schema = step1Schema(rules)
    expect(errorsOf(schema.safeParse({ birthDate: '1990-01-01', country: 'GB', region: 'ENG' }))).toHaveProperty('country', 'validation.choose')
    expect(errorsOf(schema.safeParse({ birthDate: '1990-01-01', country: 'BE', region: 'NH' }))).toEqual({ region: 'signup:errors.regionRequired' })
    expect(errorsOf(schema.safeParse({ birthDate: '1990-01-01', country: 'BE' }))).toEqual({ region: 'signup:errors.regionRequired' })
    expect(schema.safeParse({ birthDate: '1990-01-01', country: 'BE', region: 'VAN' }).success).toBe(true)
  })

  it('accepts only the known genders and sexualities', () => {
    expect(Step0Schema.safeParse({ gender: 'man', sexuality: 'bi' }).success).toBe(true)
    expect(errorsOf(Step0Schema.safeParse({ gender: 'robot', sexuality: 'hetero' }))).toEqual({ gender: 'validation.choose' })
  })

  it('reads only bounded draft strings and known steps', () => {
    const form = new FormData()
    form.set('gender', 'man')
    form.set('country', 'x'.repeat(50))
    form.set('password', 'never carried')
    expect(readDraft(form)).toEqual({ gender: 'man' })
    expect(parseStep('2')).toBe(2)
    expect(parseStep('5')).toBeNull()
    expect(parseStep('1.0')).toBeNull()
  })
})

describe('signup mode and traffic source', () => {
  it('with_trafficsource refuses a visitor without a source and lets one with a network or ref in', () => {
    expect(signupAllowed('with_trafficsource', null)).toBe(false)
    expect(signupAllowed('with_trafficsource', { sub1: 'only-a-sub' })).toBe(false)
    expect(signupAllowed('with_trafficsource', { network: 'tt' })).toBe(true)
    expect(signupAllowed('with_trafficsource', { ref: 'partner' })).toBe(true)
    expect(signupAllowed('all', null)).toBe(true)
    expect(signupAllowed('closed', { network: 'tt' })).toBe(false)
    expect(tenant('datevibe').signups).toBe('with_trafficsource')
  })

  it('reads the source from the query, cleaned, and remembers it in the trk cookie', async () => {
    expect(trackingFromQuery('http://x.test/signup?network=tt&ref=a%3Cb%3E&sub2=s2&other=1')).toEqual({ network: 'tt', ref: 'ab', sub2: 's2' })
    expect(trackingFromQuery('http://x.test/signup?utm_source=x')).toBeNull()

    const first = await resolveTracking(new Request('http://x.test/signup?ref=partner'))
    expect(first.tracking).toEqual({ ref: 'partner' })
    expect(first.setCookie).toMatch(/^trk=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/)

    const cookie = first.setCookie!.split(';')[0]!
    const later = await resolveTracking(new Request('http://x.test/signup', { headers: { cookie } }))
    expect(later).toEqual({ tracking: { ref: 'partner' }, setCookie: null })
    expect(hasTrafficSource(later.tracking)).toBe(true)

    const forged = await resolveTracking(new Request('http://x.test/signup', { headers: { cookie: 'trk=not-json' } }))
    expect(forged.tracking).toBeNull()
    expect(await trackingCookie.parse(null)).toBeNull()
  })
})

describe('submitSignupStep (the /signup action, page and modal)', () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData()
    for (const [k, v] of Object.entries(values)) data.set(k, v)
    return data
  }
  // Each call its own browser (signed visitor-device id), as a new visitor's would be.
  const visitor = (formData: FormData, tracking: NewAccount['tracking'] = null, device: string | null = randomUUID()) => ({ formData, member: null, tracking, locale: 'nl', userAgent: 'vitest', ip: '', device })
  const placeNL = { birthDate: '1991-02-03', country: 'NL', region: 'UT' }

  it('walks steps 0-4: carries the draft, creates the account at step 2, saves about me at step 4', async () => {
    const d = deps(FLIRTLOKAAL)
    const s0 = await submitSignupStep(d, visitor(form({ step: '0', gender: 'man', sexuality: 'gay' })))
    expect(s0).toEqual({ kind: 'data', status: 200, data: { step: 1, draft: { gender: 'man', sexuality: 'gay' } } })
    const s1 = await submitSignupStep(d, visitor(form({ step: '1', gender: 'man', sexuality: 'gay', ...placeNL })))
    expect(s1).toMatchObject({ kind: 'data', status: 200, data: { step: 2, draft: { gender: 'man', sexuality: 'gay', ...placeNL } } })
    const account = { name: 'Stepper', email: 'walker@example.test', password: 'walking the steps' }
    const s2 = await submitSignupStep(d, visitor(form({ step: '2', gender: 'man', sexuality: 'gay', ...placeNL, ...account }), { ref: 'mail' }))
    expect(s2).toMatchObject({ kind: 'redirect', to: '/signup?step=3' })
    expect(s2.sessionId).toEqual(expect.any(String))
    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUniqueOrThrow({ where: { poolId_tenantId_email: { poolId: 'benelux', tenantId: 'flirtlokaal', email: account.email } }, include: { profile: true } }))
    expect(user.profile).toMatchObject({ gender: 'man', sexuality: 'gay', region: 'UT', birthDate: new Date('1991-02-03T00:00:00Z') })
    expect(user.tracking).toEqual({ ref: 'mail' })

    const member = { userId: user.id }
    expect(await submitSignupStep(d, { ...visitor(form({ step: '3' })), member })).toEqual({ kind: 'data', status: 200, data: { step: 4, draft: {} } })
    const tooLong = await submitSignupStep(d, { ...visitor(form({ step: '4', about: 'x'.repeat(1001) })), member })
    expect(tooLong).toMatchObject({ kind: 'data', status: 400, data: { step: 4, result: { error: { about: ['signup:errors.aboutTooLong'] } } } })
    expect(await submitSignupStep(d, { ...visitor(form({ step: '4', about: '  Hallo!  ' })), member })).toEqual({ kind: 'redirect', to: '/complete-signup' })
    const profile = await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.findFirstOrThrow({ where: { userId: user.id } }))
    expect(profile.about).toBe('Hallo!')
  })

  it('asks for the city at step 1: optional, checked, kept on error and stored with the profile (issue 22)', async () => {
    const d = deps(FLIRTLOKAAL)
    const about = { gender: 'woman', sexuality: 'hetero' }
    const tooLong = await submitSignupStep(d, visitor(form({ step: '1', ...about, ...placeNL, city: 'Amsterdam'.repeat(8) })))
    expect(tooLong).toMatchObject({ kind: 'data', status: 400, data: { step: 1, result: { error: { city: ['signup:errors.cityTooLong'] } } } })
    const odd = await submitSignupStep(d, visitor(form({ step: '1', ...about, ...placeNL, city: 'Kalverstraat 12' })))
    expect(odd).toMatchObject({ kind: 'data', status: 400, data: { step: 1, result: { error: { city: ['signup:errors.cityInvalid'] }, initialValue: { city: 'Kalverstraat 12' } } } })
    if (odd.kind !== 'data') throw new Error('expected data')
    // The other fields of the step stay as typed too.
    expect(odd.data.result?.initialValue).toMatchObject(placeNL)
    // Without a city the step goes on (it is optional).
    expect(await submitSignupStep(d, visitor(form({ step: '1', ...about, ...placeNL })))).toMatchObject({ status: 200, data: { step: 2 } })
    const place = { ...placeNL, city: " 's-Hertogenbosch " }
    const s1 = await submitSignupStep(d, visitor(form({ step: '1', ...about, ...place })))
    expect(s1).toMatchObject({ status: 200, data: { step: 2, draft: { city: " 's-Hertogenbosch " } } })
    const account = { name: 'Bossche', email: 'city@example.test', password: 'a city password' }
    expect(await submitSignupStep(d, visitor(form({ step: '2', ...about, ...place, ...account })))).toMatchObject({ kind: 'redirect' })
    const profile = await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.findFirstOrThrow({ where: { user: { is: { tenantId: 'flirtlokaal', email: account.email } } } }))
    expect(profile.city).toBe("'s-Hertogenbosch")
    expect(step1Schema({ minimumAge: 18, countries: ['PL'] }).safeParse({ birthDate: '1990-01-01', country: 'PL', region: 'LD', city: 'Łódź' }).success).toBe(true)
  })

  it('refuses a browser over its signup limit with a translated message while another browser from the same address still signs up (decision 055)', async () => {
    const d = deps(FLIRTLOKAAL)
    const ip = `10.55.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const [phone, laptop] = [randomUUID(), randomUUID()]
    const signUp = (device: string | null, i: number) =>
      submitSignupStep(d, { ...visitor(form({ step: '2', gender: 'man', sexuality: 'hetero', ...placeNL, name: `Device${i}`, email: `device-${device ?? 'none'}-${i}@example.test`, password: 'one device password' })), ip, device })
    const points = 5 // signup_device's default: 5 a day per browser and site
    for (let i = 0; i < points; i++) expect(await signUp(phone, i)).toMatchObject({ kind: 'redirect', to: '/signup?step=3' })
    const refused = await signUp(phone, points)
    if (refused.kind !== 'data') throw new Error('expected data')
    expect(refused.status).toBe(429)
    expect(refused.data.limited).toBe('Vanaf dit apparaat zijn vandaag al genoeg accounts aangemaakt. Probeer het morgen opnieuw.')
    // What was typed stays (not the password); nothing was created.
    expect(refused.data.result?.initialValue).toMatchObject({ name: `Device${points}` })
    expect(JSON.stringify(refused.data)).not.toContain('one device password')
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.user.count({ where: { tenantId: 'flirtlokaal', email: `device-${phone}-${points}@example.test` } }))).toBe(0)
    // Another browser behind the same address still signs up.
    expect(await signUp(laptop, 0)).toMatchObject({ kind: 'redirect', to: '/signup?step=3' })
    // A post without a (valid) device is held by the IP ceilings only, not walled at the device's 5.
    const noDeviceIp = `10.56.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    for (let i = 0; i < points; i++) expect(await submitSignupStep(d, { ...visitor(form({ step: '2', gender: 'man', sexuality: 'hetero', ...placeNL, name: `Bare${i}`, email: `bare-${noDeviceIp}-${i}@example.test`, password: 'no device password' })), ip: noDeviceIp, device: null })).toMatchObject({ kind: 'redirect' })
    expect(await submitSignupStep(d, { ...visitor(form({ step: '2', gender: 'man', sexuality: 'hetero', ...placeNL, name: 'BareLast', email: `bare-${noDeviceIp}-last@example.test`, password: 'no device password' })), ip: noDeviceIp, device: null })).toMatchObject({ kind: 'redirect' })
  })

  it('answers the modal with the next step as data, not a redirect', async () => {
    const values = { step: '2', modal: '1', gender: 'woman', sexuality: 'bi', ...placeNL, name: 'Modal Maxi', email: 'modal@example.test', password: 'a modal password' }
    const outcome = await submitSignupStep(deps(FLIRTLOKAAL), visitor(form(values)))
    expect(outcome).toMatchObject({ kind: 'data', status: 200, data: { step: 3, draft: {} }, sessionId: expect.any(String) })
  })

  it('answers bad input with 400, field errors, what was typed, and never the password', async () => {
    const outcome = await submitSignupStep(
      deps(FLIRTLOKAAL),
      visitor(form({ step: '2', gender: 'woman', sexuality: 'hetero', ...placeNL, name: '@sam', email: 'sam@example', password: 'secret password' })),
    )
    if (outcome.kind !== 'data') throw new Error('expected data')
    expect(outcome.status).toBe(400)
    expect(outcome.data.step).toBe(2)
    expect(outcome.data.result?.error).toMatchObject({ name: ['validation.nameStartsWithAt'], email: ['validation.emailInvalid'] })
    expect(outcome.data.result?.initialValue).toMatchObject({ name: '@sam', email: 'sam@example' })
    expect(JSON.stringify(outcome.data)).not.toContain('secret password')
  })

  it('sends a tampered or missing earlier step back to that step', async () => {
    const account = { name: 'Tamper', email: 'tamper@example.test', password: 'tampering away' }
    const noGender = await submitSignupStep(deps(FLIRTLOKAAL), visitor(form({ step: '2', sexuality: 'hetero', ...placeNL, ...account })))
    expect(noGender).toMatchObject({ kind: 'data', status: 400, data: { step: 0, result: { error: { gender: ['validation.choose'] } } } })
    const young = await submitSignupStep(deps(FLIRTLOKAAL), visitor(form({ step: '2', gender: 'man', sexuality: 'hetero', ...placeNL, birthDate: '2020-01-01', ...account })))
    expect(young).toMatchObject({ kind: 'data', status: 400, data: { step: 1, result: { error: { birthDate: ['validation.birthDateTooYoung'] } } } })
    expect(JSON.stringify(young)).not.toContain('tampering away')
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.user.count({ where: { email: account.email } }))).toBe(0)
  })

  it('goes back a step without validating and keeps the draft', async () => {
    const outcome = await submitSignupStep(deps(FLIRTLOKAAL), visitor(form({ step: '2', intent: 'back', gender: 'man', sexuality: 'hetero', ...placeNL })))
    expect(outcome).toEqual({ kind: 'data', status: 200, data: { step: 1, draft: { gender: 'man', sexuality: 'hetero', ...placeNL } } })
  })

  it('shows a taken address as a field error with status 400', async () => {
    const email = 'taken-step@example.test'
    expect((await createAccount(deps(FLIRTLOKAAL), account({ email }))).ok).toBe(true)
    const outcome = await submitSignupStep(deps(FLIRTLOKAAL), visitor(form({ step: '2', gender: 'man', sexuality: 'hetero', ...placeNL, name: 'Other', email, password: 'another password' })))
    expect(outcome).toMatchObject({ kind: 'data', status: 400, data: { step: 2, result: { error: { email: ['validation.emailTaken'] } } } })
  })

  it('refuses every step on a with_trafficsource site without a source (server-side), with 403', async () => {
    const outcome = await submitSignupStep(deps(DATEVIBE), visitor(form({ step: '0', gender: 'man', sexuality: 'hetero' })))
    expect(outcome).toEqual({ kind: 'data', status: 403, data: { step: 0, draft: { gender: 'man', sexuality: 'hetero' }, notice: 'inviteOnly' } })
    const withSource = await submitSignupStep(deps(DATEVIBE), visitor(form({ step: '0', gender: 'man', sexuality: 'hetero' }), { network: 'n1' }))
    expect(withSource).toMatchObject({ status: 200, data: { step: 1 } })
  })

  it('keeps members out of steps 0-2 and visitors out of steps 3-4', async () => {
    expect(await submitSignupStep(deps(FLIRTLOKAAL), { ...visitor(form({ step: '0', gender: 'man', sexuality: 'hetero' })), member: { userId: 'x' } })).toEqual({
      kind: 'redirect',
      to: '/members',
    })
    expect(await submitSignupStep(deps(FLIRTLOKAAL), visitor(form({ step: '4', about: 'hi' })))).toEqual({ kind: 'redirect', to: '/login?redirectTo=%2Fsignup%3Fstep%3D4' })
  })
})
