// One member's writes that take the same locks (chat and gift sends: their account row, the
// pair's advisory lock) take turns in this process before they ask the pool for a
// connection. A burst of one member's sends then waits in memory, holding at most one
// pooled connection per node, instead of filling the pool with transactions that wait on
// each other's locks while every other member's request waits for a connection.

const turns = new Map<string, Promise<unknown>>()

/** Runs `fn` after every earlier call with the same key has settled. */
export async function inTurn<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve()
  const mine = before.then(fn, fn)
  const settled = mine.then(
    () => undefined,
    () => undefined,
  )
  turns.set(key, settled)
  try {
    return await mine
  } finally {
    // The last in line cleans up: the map holds only keys with work queued.
    if (turns.get(key) === settled) turns.delete(key)
  }
}

/** How many keys have work queued (for tests). */
export function queuedTurns(): number {
  return turns.size
}
