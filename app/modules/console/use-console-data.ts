// The console layout's data for components (a leaf module: nothing imports the layout route).
import { useRouteLoaderData } from '@remix-run/react'
import type { ConsoleLayoutData } from './layout-data.server.ts'

export const CONSOLE_LAYOUT_ROUTE = 'routes/console'

export function useConsoleData(): ConsoleLayoutData {
  const data = useRouteLoaderData<ConsoleLayoutData>(CONSOLE_LAYOUT_ROUTE)
  if (!data) throw new Error('console layout data is missing')
  return data
}
