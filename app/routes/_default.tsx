import { Outlet } from '@remix-run/react'
import { DefaultLayout } from '~/components/layout/layouts.tsx'

export default function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  )
}
