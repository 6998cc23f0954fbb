import { useLoaderData } from '@remix-run/react'

export function loader() {
  return { greeting: 'Hello from a bare Remix route' }
}

export default function Index() {
  const { greeting } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Bare</h1>
      <p>{greeting}</p>
    </main>
  )
}
