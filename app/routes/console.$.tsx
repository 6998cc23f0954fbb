// Any other path on the console host: 404 inside the console's layout.
export function loader() {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}

export default function ConsoleNotFound() {
  return null
}
