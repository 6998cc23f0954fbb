/** Throws a Response (rendered by the nearest ErrorBoundary) when `condition` is falsy. */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 400 }): asserts condition {
  if (!condition) throw new Response(message, { statusText: message, ...init })
}
