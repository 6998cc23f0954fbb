// Live events of the console (decision 023), across app nodes through the bus (Redis when
// configured): a pool's queue changed (a member wrote to a fictional profile, a chatter
// claimed, answered or released), a conversation was handed to one chatter, or a site's
// safety queue grew (a member filed a report, a message was held: console /reports).
import { getBus } from '../bus/bus.server.ts'

export type ConsoleEvent = { type: 'queue'; poolId: string } | { type: 'assigned'; conversation: number } | { type: 'safety'; site: string }

export const poolChannel = (poolId: string) => `console:pool:${poolId}`
export const operatorChannel = (operatorId: string) => `console:operator:${operatorId}`
/** Per site, not per pool: /reports lists the operator's sites only, and a pool may hold sites they cannot see. */
export const safetyChannel = (site: string) => `console:safety:${site}`

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
/** A report was filed or a message held on this site: its moderators' /reports reloads. */
export const publishSafetyChanged = (site: string) => publish(safetyChannel(site), { type: 'safety', site })

/**
 * Every event for this operator: their pools' queues, their own assignments and, for the
 * sites in `safetySites` (those whose /reports they may open), the safety queue's changes.
 */
export async function subscribeConsoleEvents(operatorId: string, pools: readonly string[], handler: (event: ConsoleEvent) => void, safetySites: readonly string[] = []): Promise<() => Promise<void>> {
  const bus = getBus()
  const onMessage = (message: string) => {
    try {
      const event = JSON.parse(message) as ConsoleEvent
      if (event.type === 'queue' || event.type === 'assigned' || event.type === 'safety') handler(event)
    } catch {
      // not ours
    }
  }
  const unsubscribers = await Promise.all([operatorChannel(operatorId), ...pools.map(poolChannel), ...safetySites.map(safetyChannel)].map((channel) => bus.subscribe(channel, onMessage)))
  return async () => {
    await Promise.all(unsubscribers.map((off) => off()))
  }
}
