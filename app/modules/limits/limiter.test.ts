// The limiter module on the configured store (Redis when REDIS_URL is set, else the
// "RateLimit" table): counting, refusing with the wait, giving back, blocking, forgetting,
// tuning through RATE_LIMITS, and namespaces that keep test files (or deployments) apart.
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { appDb } from '../../../tests/fixtures.ts'
import { block, closeLimits, consume, consumeAll, forget, peek, refund } from './limiter.server.ts'
import { LIMIT_RULES, type LimitName } from './rules.ts'

const key = () => `test-${randomUUID()}`
const db = appDb()

afterEach(() => {
  delete process.env.RATE_LIMITS
})
afterAll(async () => {
  await closeLimits()
  await db.$disconnect()
})

describe('limits', () => {
  it('count up to the allowance, then refuse with the seconds to wait', async () => {
    process.env.RATE_LIMITS = 'geocode_ip=3/600'
    const k = key()
    expect(await consume('geocode_ip', k)).toMatchObject({ ok: true, remaining: 2 })
    expect(await consume('geocode_ip', k)).toMatchObject({ ok: true, remaining: 1 })
    expect(await consume('geocode_ip', k)).toMatchObject({ ok: true, remaining: 0 })
    const refused = await consume('geocode_ip', k)
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.retryAfter).toBeGreaterThan(590)
    expect(refused.retryAfter).toBeLessThanOrEqual(600)
    expect(await peek('geocode_ip', k)).toMatchObject({ ok: false, used: 4 })
    // Another key is not affected.
    expect((await consume('geocode_ip', key())).ok).toBe(true)
  })

  it('give points back, block for the rule’s time, and forget', async () => {
    const k = key()
    await consume('login_account_ip', k)
    await consume('login_account_ip', k)
    await refund('login_account_ip', k)
    expect((await peek('login_account_ip', k)).used).toBe(1)
    expect(await block('login_account_ip', k)).toBe(600)
    const blocked = await peek('login_account_ip', k)
    expect(blocked.ok).toBe(false)
    await forget('login_account_ip', k)
    expect(await peek('login_account_ip', k)).toEqual({ ok: true, used: 0 })
  })

  it('count parallel requests exactly', async () => {
    const k = key()
    // Within the allowance every one counts; beyond it, the allowance holds to the point.
    await Promise.all(Array.from({ length: 20 }, () => consume('login_ip', k)))
    expect((await peek('login_ip', k)).used).toBe(20)
    const lockout = key()
    const results = await Promise.all(Array.from({ length: 25 }, () => consume('login_account_ip', lockout)))
    expect(results.filter((r) => r.ok)).toHaveLength(5)
    // Over it, the key is blocked for the rule's block time.
    const state = await peek('login_account_ip', lockout)
    expect(state.ok).toBe(false)
    if (!state.ok) expect(state.retryAfter).toBeGreaterThan(590)
  })

  it('consumeAll uses every bucket and names the ones used up', async () => {
    process.env.RATE_LIMITS = 'signup_ip=1/600'
    const k = key()
    const first = await consumeAll([
      ['signup_ip', k],
      ['signup_ip_day', k],
    ])
    expect(first).toEqual({ ok: true, exhausted: ['signup_ip'] })
    const second = await consumeAll([
      ['signup_ip', k],
      ['signup_ip_day', k],
    ])
    expect(second.ok).toBe(false)
    expect((await peek('signup_ip_day', k)).used).toBe(2)
  })

  it('keep namespaces apart', async () => {
    const k = key()
    const before = process.env.RATE_LIMIT_NAMESPACE
    try {
      process.env.RATE_LIMIT_NAMESPACE = 'one'
      await consume('geocode_ip', k)
      await consume('geocode_ip', k)
      process.env.RATE_LIMIT_NAMESPACE = 'two'
      expect((await peek('geocode_ip', k)).used).toBe(0)
      process.env.RATE_LIMIT_NAMESPACE = 'one'
      expect((await peek('geocode_ip', k)).used).toBe(2)
    } finally {
      process.env.RATE_LIMIT_NAMESPACE = before
    }
  })

  it.runIf(!process.env.REDIS_URL)('without Redis, count in the RateLimit table (every node sees it)', async () => {
    const k = key()
    await consume('geocode_ip', k)
    const rows = await db.rateLimit.findMany({ where: { key: { endsWith: k } } })
    expect(rows).toHaveLength(1)
    expect(rows[0]!.key).toBe(`${process.env.RATE_LIMIT_NAMESPACE}:geocode_ip:${k}`)
    expect(rows[0]!.points).toBe(1)
  })
})

// Every limit is reserved before what it guards is checked (the call sites use consume or
// consumeAll first, and give the point back when the attempt turned out fine). That holds
// only if the store counts parallel reservations exactly: per limit, a burst of parallel
// attempts gets exactly the allowance, however many arrive at once.
describe('no limit can be raced', () => {
  for (const name of Object.keys(LIMIT_RULES) as LimitName[]) {
    it(`${name}: parallel attempts get exactly the allowance`, async () => {
      process.env.RATE_LIMITS = `${name}=4/600`
      const k = key()
      const verdicts = await Promise.all(Array.from({ length: 12 }, () => consume(name, k)))
      expect(verdicts.filter((v) => v.ok)).toHaveLength(4)
      // Counted past the allowance (a rule with a block time stops counting once it blocks).
      const used = (await peek(name, k)).used
      if (LIMIT_RULES[name].block === 0) expect(used).toBe(12)
      else expect(used).toBeGreaterThan(4)
      // And reserve-then-give-back in parallel keeps the count right.
      const again = key()
      await Promise.all(Array.from({ length: 4 }, () => consume(name, again).then(() => refund(name, again))))
      expect((await peek(name, again)).used).toBe(0)
    })
  }
})
