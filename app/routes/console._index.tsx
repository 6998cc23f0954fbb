// The console's front door: signed in, the first area of the operator's role; else /login.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { homePath } from '~/modules/operators/roles.ts'

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { operator } = await requireOperator(context, request)
  throw redirect(homePath(operator.role))
}
