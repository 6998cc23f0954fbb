// POST /logout on the console host: ends the console session (and availability for new chats).
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { consoleContextOf } from '~/modules/console/context.server.ts'
import { logOutOperator } from '~/modules/operators/login.server.ts'
import { clearConsoleCookie, destroyConsoleSession } from '~/modules/operators/session.server.ts'

export async function loader() {
  throw redirect('/')
}

export async function action({ context }: ActionFunctionArgs) {
  const ctx = consoleContextOf(context)
  const session = ctx.session
  if (session?.stage === 'full') await logOutOperator(ctx.db, session, ctx.clientIp)
  else if (session) await destroyConsoleSession(ctx.db, session.rawId)
  throw redirect('/login', { headers: { 'Set-Cookie': clearConsoleCookie() } })
}
