import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { activateAccount } from '~/modules/accounts/activation.server.ts'

/** GET /activate?token=… from the activation mail: the result pages say how it went. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const result = await activateAccount(context.db, context.scope, token)
  return redirect(result.ok ? '/activate/done' : `/activate/error?reason=${result.reason}`)
}
