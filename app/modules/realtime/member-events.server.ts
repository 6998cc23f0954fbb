// Realtime events for one member, across app nodes (DESIGN: Redis pub/sub when REDIS_URL is
// set, in-process otherwise). A member's channel is keyed by pool and profile, so an event
// reaches them on whichever site of the pool they are logged in. Chat messages join later.
import { getBus, type Bus } from '../bus/bus.server.ts'

export type MemberEvent =
  /** Someone liked the member; `match` when the member already liked them. */
  | { type: 'like'; from: number; match: boolean }

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
