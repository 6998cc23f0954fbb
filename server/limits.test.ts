// Abuse limits over real HTTP (docs/decisions/009-abuse-limits.md): 429 with Retry-After and
// a translated text (at the form for pages, JSON for APIs), the login lockout that a stranger
// cannot turn against the member, parallel guesses all counted, the honeypot, one
// existing-account mail, and hidden members staying hidden from block and unblock.
// The store is the one the app uses: Redis when REDIS_URL is set, else Postgres.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../app/modules/auth/password.server.ts'
import { withScope, type Scope } from '../app/modules/db/scoped.server.ts'
import { peek } from '../app/modules/limits/limiter.server.ts'
import { LIMIT_RULES } from '../app/modules/limits/rules.ts'
import { tinyPng } from '../app/modules/photos/test-images.ts'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp, type HttpResponse } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'

const db = appDb()
let app: HttpApp
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_TYPE = { 'content-type': 'application/json', accept: 'application/json' }
const PASSWORD = 'the-right-password-1'
let passwordHash: string
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
let ipCounter = 0
/** A client address of its own (the app trusts the loopback "proxy" in front of it). */
const newIp = () => `198.51.100.${++ipCounter}`
const from = (ip: string) => ({ 'x-forwarded-for': ip })

// Small limits where the defaults would need hundreds of requests; login keeps its defaults.
const TUNED = 'geocode_ip=3/600,like_account=3/600,upload_account=2/3600,activation_resend_account=2/3600,email_change_recipient=2/3600,reset_complete_ip=3/3600,reset_request_ip=3/3600,message_account=2/600'

beforeAll(async () => {
  process.env.TRUST_PROXY = 'loopback'
  process.env.RATE_LIMITS = TUNED
  process.env.MAIL_EVENT_TOKENS = 'testmail:mail-events-token-for-the-limits-test'
  passwordHash = await hashPassword(PASSWORD)
  app = await startHttpApp()
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db.$disconnect()
  delete process.env.TRUST_PROXY
  delete process.env.RATE_LIMITS
  delete process.env.MAIL_EVENT_TOKENS
})

async function memberWithPassword(scope: Scope = FLIRTLOKAAL, name?: string) {
  const member = await loggedInMember(db, scope, name)
  await withScope(db, scope, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: member.user.id } }, data: { passwordHash } }))
  return member
}

function expectLimited(response: HttpResponse, what: string) {
  expect(response.status, what).toBe(429)
  expect(Number(response.headers['retry-after']), what).toBeGreaterThan(0)
}

const login = (email: string, password: string, ip: string, cookie?: string) =>
  app.request({ method: 'POST', path: '/login', headers: { ...FORM, ...from(ip) }, body: encode({ email, password }), cookie })
const cookiesOf = (response: HttpResponse) => ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!)

describe('login lockout', () => {
  it('30 wrong logins from one IP: 429 with SPEC’s text there, while the member logs in from another IP and from their known device', { timeout: 180_000 }, async () => {
    const member = await memberWithPassword()
    const email = member.user.email
    const attacker = newIp()
    const home = newIp()
    // The member logged in before, at home: this browser is their known device.
    const earlier = await login(email, PASSWORD, home)
    expect(earlier.status).toBe(302)
    const device = cookiesOf(earlier).find((c) => c.startsWith('kd='))
    expect(device).toBeTruthy()

    const answers: HttpResponse[] = []
    for (let i = 0; i < 30; i++) answers.push(await login(email, `wrong-${i}`, attacker))
    const lockout = LIMIT_RULES.login_account_ip.points
    expect(answers.slice(0, lockout - 1).map((a) => a.status)).toEqual(Array(lockout - 1).fill(400))
    for (const answer of answers.slice(lockout - 1)) expectLimited(answer, 'after the lockout')
    const last = answers.at(-1)!
    expect(last.body).toContain('Te veel foute pogingen, account voor')
    expect(last.body).toContain(`value="${email}"`) // what was typed stays
    // The attacker's IP is refused even with the right password, and for other accounts too.
    expectLimited(await login(email, PASSWORD, attacker), 'right password from the attacker’s IP')
    const bystander = await memberWithPassword()
    expectLimited(await login(bystander.user.email, PASSWORD, attacker), 'another account from the attacker’s IP')

    // The member: from another IP, and from their known device even on the attacker's IP.
    expect((await login(email, PASSWORD, newIp())).status).toBe(302)
    const onDevice = await login(email, PASSWORD, attacker, device)
    expect(onDevice.status).toBe(302)
    expect(cookiesOf(onDevice).some((c) => c.startsWith('sid='))).toBe(true)
  })

  it('20 parallel wrong guesses count 20, and at most the lockout’s allowance is checked', { timeout: 180_000 }, async () => {
    const member = await memberWithPassword()
    const ip = newIp()
    const guess = (password: string) =>
      app.request({ method: 'POST', path: '/api/user', headers: { ...JSON_TYPE, ...from(ip) }, body: JSON.stringify({ email: member.user.email, password }) })
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(`parallel-wrong-${i}`)))
    const checked = answers.filter((a) => a.status === 400)
    const refused = answers.filter((a) => a.status === 429)
    expect(checked.length + refused.length).toBe(20)
    expect(checked.length).toBeLessThanOrEqual(LIMIT_RULES.login_account_ip.points)
    expect(JSON.parse(refused[0]!.body)).toMatchObject({ error: 'too_many_attempts', message: expect.stringContaining('Te veel foute pogingen') })
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0)
    // Every one of them was counted against the IP.
    expect((await peek('login_ip', ip)).used).toBe(20)
    // And the right password now gets no further on this IP.
    expect((await guess(PASSWORD)).status).toBe(429)
  })

  it('a successful password reset lets the member in on the locked IP', { timeout: 120_000 }, async () => {
    const member = await memberWithPassword()
    const ip = newIp()
    for (let i = 0; i < LIMIT_RULES.login_account_ip.points; i++) await login(member.user.email, 'wrong', ip)
    expectLimited(await login(member.user.email, PASSWORD, ip), 'locked')
    const { issueToken } = await import('../app/modules/auth/tokens.server.ts')
    const token = await withScope(db, FLIRTLOKAAL, (tx) => issueToken(tx, { ...FLIRTLOKAAL, userId: member.user.id, purpose: 'password_reset' }))
    const reset = await app.request({
      method: 'POST',
      path: '/reset-password/do',
      headers: { ...FORM, ...from(ip) },
      body: encode({ token, password: 'a-new-password-2', confirmPassword: 'a-new-password-2' }),
    })
    expect(reset.status).toBe(302)
    expect(cookiesOf(reset).some((c) => c.startsWith('kd='))).toBe(true)
    expect((await login(member.user.email, 'a-new-password-2', ip)).status).toBe(302)
  })

  it('the honeypot: a filled field answers like a wrong password and logs nobody in', async () => {
    const member = await memberWithPassword()
    const response = await app.request({ method: 'POST', path: '/login', headers: { ...FORM, ...from(newIp()) }, body: encode({ email: member.user.email, password: PASSWORD, website: 'http://spam.example' }) })
    expect(response.status).toBe(400)
    expect(cookiesOf(response).some((c) => c.startsWith('sid='))).toBe(false)
    // People never see it: off screen, hidden from screen readers, out of the tab order.
    const page = await app.request({ path: '/login' })
    expect(page.body).toMatch(/<div class="form-trap" aria-hidden="true">/)
    expect(page.body).toMatch(/name="website" tabindex="-1" autoComplete="off"|tabindex="-1"[^>]*name="website"|name="website"[^>]*tabindex="-1"/i)
  })
})

describe('signup', () => {
  const fields = (email: string, extra: Record<string, string> = {}) => ({
    step: '2', gender: 'man', sexuality: 'hetero', birthDate: '1990-01-01', country: 'NL', region: 'UT',
    name: `Tester${Math.floor(Math.random() * 1e6)}`, email, password: 'a-long-password-1', ...extra,
  })
  const signup = (body: Record<string, string>, ip: string) => app.request({ method: 'POST', path: '/signup', headers: { ...FORM, ...from(ip) }, body: encode(body) })

  it(`${LIMIT_RULES.signup_ip.points} accounts per IP in the window, then 429 at the form with what was typed`, { timeout: 180_000 }, async () => {
    const ip = newIp()
    for (let i = 0; i < LIMIT_RULES.signup_ip.points; i++) {
      expect((await signup(fields(`burst-${randomUUID()}@example.test`), ip)).status).toBe(302)
    }
    const email = `one-too-many-${randomUUID()}@example.test`
    const refused = await signup(fields(email), ip)
    expectLimited(refused, 'signup')
    expect(refused.body).toContain('Te veel pogingen. Probeer het over')
    expect(refused.body).toContain(email)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.user.count({ where: { email } }))).toBe(0)
    // Another IP signs up as usual.
    expect((await signup(fields(`other-${randomUUID()}@example.test`), newIp())).status).toBe(302)
  })

  it('the honeypot: nothing is created, and the answer does not say why', async () => {
    const email = `bot-${randomUUID()}@example.test`
    const response = await signup(fields(email, { website: 'http://spam.example' }), newIp())
    expect(response.status).toBe(400)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.user.count({ where: { email } }))).toBe(0)
  })

  it('the existing-account mail goes out once per interval, however often the address signs up', { timeout: 120_000 }, async () => {
    const member = await memberWithPassword()
    for (let i = 0; i < 3; i++) expect((await signup(fields(member.user.email), newIp())).status).toBe(400)
    const mails = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.count({ where: { to: member.user.email } }))
    expect(mails).toBe(1)
  })
})

describe('password reset', () => {
  it('requests: per IP, 429 at the form', { timeout: 60_000 }, async () => {
    const ip = newIp()
    const ask = () => app.request({ method: 'POST', path: '/reset-password', headers: { ...FORM, ...from(ip) }, body: encode({ email: `x-${randomUUID()}@example.test` }) })
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(302)
    const refused = await ask()
    expectLimited(refused, 'reset request')
    expect(refused.body).toContain('Te veel pogingen')
  })

  it('completion: made-up tokens are refused (checked before any hashing), and per IP', { timeout: 60_000 }, async () => {
    const ip = newIp()
    const post = () =>
      app.request({ method: 'POST', path: '/reset-password/do', headers: { ...FORM, ...from(ip) }, body: encode({ token: randomUUID(), password: 'a-new-password-2', confirmPassword: 'a-new-password-2' }) })
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(400)
    expectLimited(await post(), 'reset completion')
  })
})

describe('e-mail change, resend activation, likes, geocode, upload', () => {
  it('e-mail change: mails to one recipient are limited across accounts', { timeout: 120_000 }, async () => {
    const stranger = `stranger-${randomUUID()}@example.test`
    const change = async () => {
      const m = await memberWithPassword()
      return app.request({ method: 'POST', path: '/settings', cookie: m.cookie, headers: { ...FORM, ...from(newIp()) }, body: encode({ intent: 'email', newEmail: stranger, password: PASSWORD }) })
    }
    expect((await change()).status).toBe(200)
    expect((await change()).status).toBe(200)
    const refused = await change()
    expectLimited(refused, 'e-mail change')
    expect(refused.body).toContain('Te veel pogingen')
    expect(refused.body).toContain(stranger)
  })

  it('resend activation: per account', { timeout: 120_000 }, async () => {
    const m = await loggedInMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: m.user.id } }, data: { status: 'not_confirmed' } }))
    const resend = () => app.request({ method: 'POST', path: '/complete-signup', cookie: m.cookie, headers: { ...FORM, ...from(newIp()) }, body: '' })
    await resend()
    await resend()
    const refused = await resend()
    expectLimited(refused, 'resend')
    expect(refused.body).toContain('Te veel pogingen')
  })

  it('resend activation: "too soon" (the same minute) answers 429 with Retry-After too', { timeout: 60_000 }, async () => {
    const m = await loggedInMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: m.user.id } }, data: { status: 'not_confirmed' } }))
    const resend = () => app.request({ method: 'POST', path: '/complete-signup', cookie: m.cookie, headers: { ...FORM, ...from(newIp()) }, body: '' })
    expect((await resend()).status).toBe(200)
    expectLimited(await resend(), 'resend too soon')
  })

  it('chat and gift sends: 429 with Retry-After, page and data request alike', { timeout: 60_000 }, async () => {
    const m = await loggedInMember(db, FLIRTLOKAAL)
    const target = await createMember(db, FLIRTLOKAAL)
    const send = (path: string, fields: Record<string, string>) => app.request({ method: 'POST', path, cookie: m.cookie, headers: { ...FORM, ...from(newIp()) }, body: encode(fields) })
    await send(`/members/${target.profile.id}/chat`, { body: 'hallo' })
    await send(`/members/${target.profile.id}/chat`, { body: 'hallo' })
    expectLimited(await send(`/members/${target.profile.id}/chat`, { body: 'hallo' }), 'chat page')
    expectLimited(await send(`/members/${target.profile.id}/chat?_data=routes%2F_default.members.%24id_.chat`, { body: 'hallo' }), 'chat data request')
    expectLimited(await send(`/members/${target.profile.id}`, { intent: 'gift', gift: 'rose' }), 'gift')
  })

  it('likes: JSON 429 with the text', { timeout: 60_000 }, async () => {
    const m = await loggedInMember(db, FLIRTLOKAAL)
    const target = await createMember(db, FLIRTLOKAAL)
    const like = (intent: string) =>
      app.request({ method: 'POST', path: '/api/likes', cookie: m.cookie, headers: { ...JSON_TYPE, ...from(newIp()) }, body: JSON.stringify({ intent, profileId: String(target.profile.id) }) })
    expect((await like('like')).status).toBe(200)
    expect((await like('unlike')).status).toBe(200)
    expect((await like('like')).status).toBe(200)
    const refused = await like('unlike')
    expectLimited(refused, 'likes')
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: 'too_many_requests', message: expect.stringContaining('Te veel pogingen') })
  })

  it('geocode: per IP, JSON 429', async () => {
    const ip = newIp()
    const look = () => app.request({ path: '/api/geocode?lat=52.09&lon=5.12', headers: from(ip) })
    for (let i = 0; i < 3; i++) expect((await look()).status).toBe(200)
    const refused = await look()
    expectLimited(refused, 'geocode')
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'too_many_requests', retry_after: expect.any(Number) })
    expect((await app.request({ path: '/api/geocode?lat=52.09&lon=5.12', headers: from(newIp()) })).status).toBe(200)
  })

  it('upload: a point per file per account; refused files are answered, none kept', { timeout: 120_000 }, async () => {
    const m = await loggedInMember(db, FLIRTLOKAAL)
    const png = await tinyPng()
    const boundary = 'xXlimitsXx'
    const body = (count: number) =>
      Buffer.concat([
        ...Array.from({ length: count }, (_, i) =>
          Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from('\r\n')]),
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ])
    const upload = (count: number) =>
      app.request({ method: 'POST', path: '/profile/photos', cookie: m.cookie, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...from(newIp()) }, body: body(count) })
    expect((await upload(2)).status).toBe(200)
    const refused = await upload(1)
    expectLimited(refused, 'upload')
    expect(refused.body).toContain('te veel uploads')
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.count({ where: { profileId: m.profile.id } }))).toBe(2)
  })
})

describe('mail providers\' webhook tokens on the shared limiter', () => {
  it(`${LIMIT_RULES.webhook_token.points} wrong tokens from one IP, then 429 for wrong ones; the provider's own token still works`, { timeout: 60_000 }, async () => {
    const ip = newIp()
    const post = (token: string) =>
      app.request({ method: 'POST', path: '/operator/mail-events', headers: { ...from(ip), authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=nobody%40example.test&reason=bounce' })
    expect((await post('mail-events-token-for-the-limits-test')).status).toBe(404)
    for (let i = 0; i < LIMIT_RULES.webhook_token.points; i++) expect((await post(`wrong-token-${i}`)).status).toBe(401)
    expectLimited(await post('wrong-token-over'), 'a wrong token over the limit')
    // Reserved before the check: from an address over its allowance no token is checked,
    // not even the right one; from another address the right token works.
    expectLimited(await post('mail-events-token-for-the-limits-test'), 'the right token from the refused address')
    const elsewhere = await app.request({ method: 'POST', path: '/operator/mail-events', headers: { ...from(newIp()), authorization: 'Bearer mail-events-token-for-the-limits-test', 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=nobody%40example.test&reason=bounce' })
    expect(elsewhere.status).toBe(404)
    expect(JSON.parse(elsewhere.body)).toEqual({ ok: false })
  })

  it('parallel guesses: at most the allowance of tokens is checked, the right token is not counted', { timeout: 60_000 }, async () => {
    const ip = newIp()
    const post = (token: string) =>
      app.request({ method: 'POST', path: '/operator/mail-events', headers: { ...from(ip), authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=nobody%40example.test&reason=bounce' })
    // The right token, many times: given back each time, never refused.
    for (let i = 0; i < LIMIT_RULES.webhook_token.points + 2; i++) expect((await post('mail-events-token-for-the-limits-test')).status).toBe(404)
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(`parallel-wrong-${i}`)))
    expect(answers.filter((a) => a.status === 401)).toHaveLength(LIMIT_RULES.webhook_token.points)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - LIMIT_RULES.webhook_token.points)
  })
})

describe('hidden members stay hidden (block and unblock by sequential id)', () => {
  it('answer 404 without a name for invisible, unconfirmed, deleted, other-pool and unknown members', { timeout: 120_000 }, async () => {
    const me = await loggedInMember(db, FLIRTLOKAAL)
    const tag = randomUUID().slice(0, 8)
    const visible = await createMember(db, FLIRTLOKAAL, `Visible${tag}`)
    const invisible = await createMember(db, FLIRTLOKAAL, `Invisible${tag}`)
    const unconfirmed = await createMember(db, FLIRTLOKAAL, `Unconfirmed${tag}`)
    const deleted = await createMember(db, FLIRTLOKAAL, `Deleted${tag}`)
    const elsewhere = await createMember(db, DATEVIBE, `Elsewhere${tag}`)
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: invisible.profile.id } }, data: { invisible: true } })
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: unconfirmed.profile.id } }, data: { status: 'disabled' } })
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: unconfirmed.user.id } }, data: { status: 'not_confirmed' } })
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: deleted.profile.id } }, data: { status: 'deleted' } })
    })
    const hidden = [invisible, unconfirmed, deleted, elsewhere]
    const lowest = Math.min(visible.profile.id, ...hidden.map((h) => h.profile.id))
    const highest = Math.max(visible.profile.id, ...hidden.map((h) => h.profile.id)) + 2
    const post = (path: string, body: Record<string, string>) =>
      app.request({ method: 'POST', path, cookie: me.cookie, headers: { ...FORM, ...from(newIp()) }, body: encode(body) })

    for (let id = lowest; id <= highest; id++) {
      if (id === me.profile.id) continue
      const unblock = await post('/settings', { intent: 'unblock', profileId: String(id) })
      const block = await post(`/members/${id}`, { intent: 'block' })
      const isVisible = id === visible.profile.id
      expect(unblock.status, `unblock ${id}`).toBe(404)
      expect(block.status, `block ${id}`).toBe(isVisible ? 302 : 404)
      for (const h of hidden) {
        expect(unblock.body, `unblock ${id}`).not.toContain(h.profile.name)
        expect(block.body, `block ${id}`).not.toContain(h.profile.name)
      }
    }
    // The visible member was blocked, and is in the list to be unblocked, by name.
    const unblocked = await post('/settings', { intent: 'unblock', profileId: String(visible.profile.id) })
    expect(unblocked.status).toBe(200)
    expect(unblocked.body).toContain(`Visible${tag}`)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.block.count({ where: { blockerId: me.profile.id } }))).toBe(0)
  })
})
