// Realtime events for one member, across app nodes (DESIGN: Redis pub/sub when REDIS_URL is
// set, in-process otherwise). A member's channel is keyed by pool and profile, so an event
// reaches them on whichever site of the pool they are logged in. Chat messages and read state too.
import { getBus, type Bus } from '../bus/bus.server.ts'

export type MemberEvent =
  /** Someone liked the member; `match` when the member already liked them. */
  | { type: 'like'; from: number; match: boolean }
  /** A message in one of the member's conversations (from them on another tab, or to them); `gift` when it is a gift. */
  | { type: 'message'; conversation: number; from: number; gift?: string }
  /** The partner read the member's messages in a conversation. */
  | { type: 'read'; conversation: number; by: number }

export function memberChannel(poolId: string, profileId: number): string {
  return `member:${poolId}:${profileId}`
}

/** Best effort: a lost event is picked up by the next periodic refresh (SPEC §4). */
export async function publishMemberEvent(poolId: string, profileId: number, event: MemberEvent, bus: Bus = getBus()): Promise<void> {
  try {
    await bus.publish(memberChannel(poolId, profileId), JSON.stringify(event))
  } catch (error) {
    console.warn('member event not published:', error instanceof Error ? error.message : error)
  }
}

export function parseMemberEvent(message: string): MemberEvent | null {
  try {
    const value = JSON.parse(message) as Partial<MemberEvent>
    if (value.type === 'like' && typeof value.from === 'number' && typeof value.match === 'boolean') return { type: 'like', from: value.from, match: value.match }
    if (value.type === 'message' && typeof value.conversation === 'number' && typeof value.from === 'number') {
      return { type: 'message', conversation: value.conversation, from: value.from, ...(typeof value.gift === 'string' ? { gift: value.gift } : {}) }
    }
    if (value.type === 'read' && typeof value.conversation === 'number' && typeof value.by === 'number') return { type: 'read', conversation: value.conversation, by: value.by }
  } catch {
    // not ours
  }
  return null
}

export async function subscribeMemberEvents(
  poolId: string,
  profileId: number,
  handler: (event: MemberEvent) => void,
  bus: Bus = getBus(),
): Promise<() => Promise<void>> {
  return bus.subscribe(memberChannel(poolId, profileId), (message) => {
    const event = parseMemberEvent(message)
    if (event) handler(event)
  })
}
