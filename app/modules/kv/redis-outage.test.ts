// Redis away (docs/decisions/047), against a real redis-server of this test's own that it
// stops and starts again: the abuse limits answer at once from the in-process insurance
// (and still refuse), a publish fails at once instead of waiting, and when Redis is back
// the client reconnects and the bus's subscriptions deliver again.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const PORT = Number(process.env.REDIS_OUTAGE_PORT ?? 6391)
const hasRedis = spawnSync('redis-server', ['--version']).status === 0
let server: ChildProcess | undefined

async function startRedis(): Promise<void> {
  server = spawn('redis-server', ['--port', String(PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  for (let i = 0; i < 50; i++) {
    if (spawnSync('redis-cli', ['-p', String(PORT), 'ping']).stdout?.toString().includes('PONG')) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`redis-server did not start on ${PORT}`)
}

async function stopRedis(): Promise<void> {
  const running = server
  server = undefined
  if (!running || running.exitCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGKILL')
  await exited
}

const timed = async <T>(fn: () => Promise<T>): Promise<{ ms: number; value: T | Error }> => {
  const started = performance.now()
  const value = await fn().catch((error: Error) => error)
  return { ms: performance.now() - started, value }
}

describe.runIf(hasRedis)('Redis away', () => {
  beforeAll(async () => {
    await startRedis()
    process.env.REDIS_URL = `redis://127.0.0.1:${PORT}`
    process.env.RATE_LIMITS = 'login_ip=3/60'
  })
  afterAll(async () => {
    const { closeBus } = await import('../bus/bus.server.ts')
    const { closeRedis } = await import('./redis.server.ts')
    await Promise.allSettled([closeBus(), closeRedis()])
    await stopRedis()
  })

  it('limits answer within 200 ms from this process and still refuse; the bus fails at once; both come back', async () => {
    const { consume } = await import('../limits/limiter.server.ts')
    const { getBus } = await import('../bus/bus.server.ts')
    const { getRedis } = await import('./redis.server.ts')
    const redis = getRedis()!
    const bus = getBus()
    expect(bus.kind).toBe('redis')
    const heard: string[] = []
    await bus.subscribe('outage-test', (m) => heard.push(m))
    for (let i = 0; i < 20 && redis.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 50))
    expect((await consume('login_ip', 'before')).ok).toBe(true)

    await stopRedis()
    await new Promise((r) => setTimeout(r, 300))
    const verdicts: boolean[] = []
    for (let i = 0; i < 4; i++) {
      const { ms, value } = await timed(() => consume('login_ip', 'during'))
      expect(ms).toBeLessThan(250)
      if (value instanceof Error) throw value
      verdicts.push(value.ok)
    }
    // 3 allowed, the 4th refused: in-process, but counted.
    expect(verdicts).toEqual([true, true, true, false])
    const publish = await timed(() => bus.publish('outage-test', 'lost'))
    expect(publish.ms).toBeLessThan(250)
    expect(publish.value).toBeInstanceOf(Error)

    await startRedis()
    const back = performance.now()
    while (redis.status !== 'ready' && performance.now() - back < 5_000) await new Promise((r) => setTimeout(r, 50))
    expect(redis.status).toBe('ready')
    expect(performance.now() - back).toBeLessThan(5_000)
    // The subscription was renewed on the new server.
    let delivered = false
    for (let i = 0; i < 50 && !delivered; i++) {
      await bus.publish('outage-test', 'back').catch(() => undefined)
      await new Promise((r) => setTimeout(r, 100))
      delivered = heard.includes('back')
    }
    expect(delivered).toBe(true)
    expect(heard).not.toContain('lost')
  }, 30_000)
})
