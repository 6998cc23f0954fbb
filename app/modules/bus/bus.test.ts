import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryBus, createPgBus, createRedisBus, type Bus } from './bus.server.ts'

// Postgres LISTEN/NOTIFY as the runtime role: production's transport without Redis.
const implementations: [string, () => Bus][] = [['memory', createMemoryBus], ['postgres', () => createPgBus(process.env.APP_DATABASE_URL!)]]
if (process.env.REDIS_URL) implementations.push(['redis', () => createRedisBus(process.env.REDIS_URL!)])

const opened: Bus[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()))
})

function received(bus: Bus, channel: string) {
  const messages: string[] = []
  return { messages, ready: bus.subscribe(channel, (m) => messages.push(m)) }
}

const eventually = async (check: () => void) => {
  for (let i = 0; i < 50; i++) {
    try {
      return check()
    } catch {
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  check()
}

describe.each(implementations)('%s bus', (_kind, create) => {
  it('delivers a message to every subscriber of its channel only', async () => {
    const bus = create()
    opened.push(bus)
    const channel = `test:${Math.random()}`
    const a = received(bus, channel)
    const b = received(bus, channel)
    const other = received(bus, `${channel}:other`)
    await Promise.all([a.ready, b.ready, other.ready])
    await bus.publish(channel, 'hello')
    await eventually(() => {
      expect(a.messages).toEqual(['hello'])
      expect(b.messages).toEqual(['hello'])
    })
    expect(other.messages).toEqual([])
  })

  it('stops delivering after unsubscribe', async () => {
    const bus = create()
    opened.push(bus)
    const channel = `test:${Math.random()}`
    const a = received(bus, channel)
    const unsubscribe = await a.ready
    await unsubscribe()
    await bus.publish(channel, 'late')
    await new Promise((r) => setTimeout(r, 100))
    expect(a.messages).toEqual([])
  })
})

describe.runIf(process.env.REDIS_URL)('redis bus across nodes', () => {
  it('a message published by one node reaches another', async () => {
    const nodeA = createRedisBus(process.env.REDIS_URL!)
    const nodeB = createRedisBus(process.env.REDIS_URL!)
    opened.push(nodeA, nodeB)
    const channel = `test:${Math.random()}`
    const onB = received(nodeB, channel)
    await onB.ready
    await nodeA.publish(channel, 'from A')
    await eventually(() => expect(onB.messages).toEqual(['from A']))
  })
})

describe('postgres bus across nodes (production without Redis)', () => {
  it('a message published by one node reaches another, through the runtime role', async () => {
    const nodeA = createPgBus(process.env.APP_DATABASE_URL!)
    const nodeB = createPgBus(process.env.APP_DATABASE_URL!)
    opened.push(nodeA, nodeB)
    const channel = `member:pool:${Math.random()}`
    const onB = received(nodeB, channel)
    await onB.ready
    await nodeA.publish(channel, JSON.stringify({ type: 'like', from: 1, match: false }))
    await eventually(() => expect(onB.messages).toEqual([JSON.stringify({ type: 'like', from: 1, match: false })]))
  })
})
