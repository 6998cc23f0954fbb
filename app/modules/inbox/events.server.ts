// Live events of the console (decision 023), across app nodes through the bus (Redis when
// configured): a pool's queue changed (a member wrote to a fictional profile, a chatter
// claimed, answered or released), or a conversation was handed to one chatter.
import { getBus } from '../bus/bus.server.ts'

export type ConsoleEvent = { type: 'queue'; poolId: string } | { type: 'assigned'; conversation: number }

export const poolChannel = (poolId: string) => `console:pool:${poolId}`
export const operatorChannel = (operatorId: string) => `console:operator:${operatorId}`

async function publish(channel: string, event: ConsoleEvent): Promise<void> {
  try {
    await getBus().publish(channel, JSON.stringify(event))
  } catch (error) {
    // Best effort: the header also refreshes with every page the operator opens.
    console.warn('console event not published:', error instanceof Error ? error.message : error)
  }
}

export const publishQueueChanged = (poolId: string) => publish(poolChannel(poolId), { type: 'queue', poolId })
export const publishAssigned = (operatorId: string, conversation: number) => publish(operatorChannel(operatorId), { type: 'assigned', conversation })

/** Every event for this operator: their pools' queues and their own assignments. */
export async function subscribeConsoleEvents(operatorId: string, pools: readonly string[], handler: (event: ConsoleEvent) => void): Promise<() => Promise<void>> {
  const bus = getBus()
  const onMessage = (message: string) => {
    try {
      const event = JSON.parse(message) as ConsoleEvent
      if (event.type === 'queue' || event.type === 'assigned') handler(event)
    } catch {
      // not ours
    }
  }
  const unsubscribers = await Promise.all([operatorChannel(operatorId), ...pools.map(poolChannel)].map((channel) => bus.subscribe(channel, onMessage)))
  return async () => {
    await Promise.all(unsubscribers.map((off) => off()))
  }
}
