import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, runMode } from './env.server.ts'
import { mailboxEnabled, siteLink } from '../mail/send.server.ts'

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://owner@db.internal:5432/dating' }
const complete = { ...production, SMTP_URL: 'smtps://u:p@smtp.example.com', APP_DATABASE_URL: 'postgresql://dating_app:pw@db.internal:5432/dating', OPERATOR_HOST: 'console.example.com' }

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source)
  } catch (error) {
    if (error instanceof EnvError) return error.problems
    throw error
  }
  return []
}

describe('demo versus production', () => {
  it('is the demo with nothing configured, and without NODE_ENV=production', () => {
    expect(parseEnv({}).mode).toBe('demo')
    expect(parseEnv({ DATABASE_URL: production.DATABASE_URL }).mode).toBe('demo')
    expect(parseEnv({ NODE_ENV: 'production' }).mode).toBe('demo')
    expect(runMode(production)).toBe('production')
  })

  it('refuses production without SMTP_URL, APP_DATABASE_URL and OPERATOR_HOST, each named on its own line', () => {
    const problems = problemsOf(production)
    expect(problems).toHaveLength(3)
    expect(problems[0]).toMatch(/^SMTP_URL is required in production/)
    expect(problems[1]).toMatch(/^APP_DATABASE_URL is required in production/)
    expect(problems[2]).toMatch(/^OPERATOR_HOST is required in production/)
    expect(new EnvError(problems).message.split('\n')).toHaveLength(4)
    for (const missing of ['SMTP_URL', 'APP_DATABASE_URL', 'OPERATOR_HOST'] as const) {
      const { [missing]: _left, ...rest } = complete
      expect(problemsOf(rest)).toEqual([expect.stringMatching(new RegExp(`^${missing} is required`))])
    }
  })

  it('refuses a malformed console host or mail-event tokens, and test switches in production', () => {
    expect(problemsOf({ ...complete, OPERATOR_HOST: 'https://console.example.com/' })).toEqual([expect.stringMatching(/^OPERATOR_HOST: a host name/)])
    expect(problemsOf({ ...complete, MAIL_EVENT_TOKENS: 'postmark:short' })).toEqual([expect.stringMatching(/^MAIL_EVENT_TOKENS: provider:token pairs/)])
    expect(problemsOf({ ...complete, MAIL_EVENT_TOKENS: 'postmark:0123456789abcdefghijklmn, ses:ABCDEFGHIJKLMNOPQRSTUVWXYZ' })).toEqual([])
    expect(problemsOf({ ...complete, E2E_TEST_HOOKS: 'true' })).toEqual([expect.stringMatching(/E2E_TEST_HOOKS/)])
  })

  it('seeds and answers <slug>.localhost only in the demo unless asked', () => {
    const demo = parseEnv({})
    expect([demo.SEED_DEMO, demo.LOCALHOST_TENANTS]).toEqual([true, true])
    const prod = parseEnv(complete)
    expect([prod.SEED_DEMO, prod.LOCALHOST_TENANTS]).toEqual([false, false])
    const asked = parseEnv({ ...complete, SEED_DEMO: 'true', LOCALHOST_TENANTS: 'true' })
    expect([asked.SEED_DEMO, asked.LOCALHOST_TENANTS]).toEqual([true, true])
  })

  it('reads an empty variable as not set', () => {
    expect(parseEnv({ SMTP_URL: '', TRUST_PROXY: '' }).SMTP_URL).toBeUndefined()
    expect(problemsOf({ ...complete, SMTP_URL: '' })).toEqual([expect.stringMatching(/^SMTP_URL is required/)])
  })

  it('has no mailbox page in production, even with DEV_MAILBOX', () => {
    expect(mailboxEnabled(parseEnv({}))).toBe(true)
    expect(mailboxEnabled(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe(false)
    expect(mailboxEnabled(parseEnv({ DEV_MAILBOX: 'false' }))).toBe(false)
    expect(mailboxEnabled(parseEnv({ ...complete, DEV_MAILBOX: 'true' }))).toBe(false)
  })

  it('builds mail links from the site’s first domain over https in production, from the request in the demo', () => {
    const tenant = { domains: ['flirtlokaal.nl', 'www.flirtlokaal.nl'] }
    const request = new Request('http://evil.example:8080/reset-password')
    expect(siteLink(tenant, request, '/reset-password/do?token=t', parseEnv(complete))).toBe('https://flirtlokaal.nl/reset-password/do?token=t')
    expect(siteLink(tenant, new Request('http://flirtlokaal.localhost:3000/x'), '/login', parseEnv({}))).toBe('http://flirtlokaal.localhost:3000/login')
  })
})

describe('a production node with the runtime role alone (docs/decisions/046)', () => {
  const node = { NODE_ENV: 'production', APP_DATABASE_URL: complete.APP_DATABASE_URL, SMTP_URL: complete.SMTP_URL, OPERATOR_HOST: complete.OPERATOR_HOST }

  it('is production without the owner URL', () => {
    expect(runMode(node)).toBe('production')
    expect(parseEnv(node).mode).toBe('production')
    expect(parseEnv(node).PROCESS_ROLE).toBe('all')
    expect(parseEnv({ ...node, PROCESS_ROLE: 'worker' }).PROCESS_ROLE).toBe('worker')
  })

  it('names every wrong and every missing variable together, each on its own line', () => {
    const problems = problemsOf({ NODE_ENV: 'production', APP_DATABASE_URL: complete.APP_DATABASE_URL, PROCESS_ROLE: 'both', METRICS_PORT: '99999', REDIS_URL: 'not a url' })
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PROCESS_ROLE: /),
        expect.stringMatching(/^METRICS_PORT: /),
        expect.stringMatching(/^REDIS_URL: /),
        expect.stringMatching(/^SMTP_URL is required in production/),
        expect.stringMatching(/^OPERATOR_HOST is required in production/),
      ]),
    )
    expect(problems).toHaveLength(5)
  })

  it('refuses a loopback Mollie endpoint in production, and a CA file that cannot be read', () => {
    expect(problemsOf({ ...node, MOLLIE_API_ENDPOINT: 'https://127.0.0.1:3443/v2' })).toEqual([expect.stringMatching(/^MOLLIE_API_ENDPOINT points at this machine/)])
    expect(problemsOf({ ...node, MOLLIE_API_ENDPOINT: 'https://localhost:3443/v2' })).toHaveLength(1)
    expect(problemsOf({ ...node, MOLLIE_API_ENDPOINT: 'https://mollie-staging.internal/v2', MOLLIE_CA_FILE: '/nonexistent/ca.pem' })).toEqual([expect.stringMatching(/^MOLLIE_CA_FILE: cannot read/)])
    expect(problemsOf({ ...node, MOLLIE_API_ENDPOINT: 'https://mollie-staging.internal/v2', MOLLIE_CA_FILE: 'package.json' })).toEqual([])
    // The demo keeps its local sandbox.
    expect(problemsOf({ MOLLIE_API_ENDPOINT: 'https://127.0.0.1:3443/v2' })).toEqual([])
  })

  it('takes a Redis cluster, not together with REDIS_URL', () => {
    expect(parseEnv({ REDIS_CLUSTER_NODES: 'r1.internal:7000, r2.internal:7001' }).REDIS_CLUSTER_NODES).toBe('r1.internal:7000, r2.internal:7001')
    expect(problemsOf({ REDIS_CLUSTER_NODES: 'r1.internal' })).toEqual([expect.stringMatching(/^REDIS_CLUSTER_NODES: /)])
    expect(problemsOf({ REDIS_CLUSTER_NODES: 'r1:7000', REDIS_URL: 'redis://r:6379' })).toEqual([expect.stringMatching(/exclude each other/)])
  })
})

describe('TRUST_PROXY', () => {
  it('reads off, one proxy, a hop count or addresses', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8'])
    expect(problemsOf({ TRUST_PROXY: 'yes please' })).toEqual([expect.stringMatching(/^TRUST_PROXY: expected true, false/)])
  })
})

describe('media storage', () => {
  it('is local disk unless MEDIA_STORAGE=s3, which needs a bucket and both keys or none', () => {
    expect(parseEnv({}).MEDIA_STORAGE).toBe('local')
    expect(problemsOf({ MEDIA_STORAGE: 's3' })).toEqual(['S3_BUCKET is required when MEDIA_STORAGE=s3'])
    expect(problemsOf({ MEDIA_STORAGE: 'ftp' })).toEqual([expect.stringMatching(/^MEDIA_STORAGE: /)])
    expect(problemsOf({ MEDIA_STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toEqual([expect.stringMatching(/^S3_BUCKET: an S3 bucket name/)])
    expect(problemsOf({ MEDIA_STORAGE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id' })).toEqual([expect.stringMatching(/go together/)])
    const s3 = parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })
    expect(s3).toMatchObject({ MEDIA_STORAGE: 's3', S3_BUCKET: 'photos', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true })
  })
})

describe('abuse-limit tuning', () => {
  it('parses RATE_LIMITS into overrides of the named limits, and defaults to none', () => {
    expect(parseEnv({}).RATE_LIMITS).toEqual({})
    expect(parseEnv({ RATE_LIMITS: 'signup_ip=10/600, login_ip=50/900/300' }).RATE_LIMITS).toEqual({
      signup_ip: { points: 10, duration: 600 },
      login_ip: { points: 50, duration: 900, block: 300 },
    })
  })

  it('names an unknown limit, a malformed part or a zero allowance', () => {
    expect(problemsOf({ RATE_LIMITS: 'no_such_limit=1/60' })).toEqual([expect.stringMatching(/^RATE_LIMITS: "no_such_limit" is not a limit/)])
    expect(problemsOf({ RATE_LIMITS: 'signup_ip=lots' })).toEqual([expect.stringMatching(/^RATE_LIMITS: "signup_ip=lots" is not name=points\/seconds/)])
    expect(problemsOf({ RATE_LIMITS: 'signup_ip=0/60' })).toEqual([expect.stringMatching(/at least 1/)])
  })

  it('takes a namespace of letters, digits, _ and - only', () => {
    expect(parseEnv({ RATE_LIMIT_NAMESPACE: 'dating_test_1-a' }).RATE_LIMIT_NAMESPACE).toBe('dating_test_1-a')
    expect(problemsOf({ RATE_LIMIT_NAMESPACE: 'a:b' })).toEqual([expect.stringMatching(/^RATE_LIMIT_NAMESPACE:/)])
  })
})
