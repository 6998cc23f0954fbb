import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { safeRedirect } from '~/modules/http/safe-redirect.ts'
import { markWarningSeenIn } from '~/modules/safety/reports.server.ts'

// The member confirms a moderator's warning (decision 053): marked seen, back to the page.
export function loader() {
  return redirect('/')
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const form = await request.formData()
  const id = Number(form.get('id'))
  const profileId = member.profile?.id
  if (profileId && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) {
    await withScope(context.db, context.scope, (tx) => markWarningSeenIn(tx, context.scope, profileId, id))
  }
  return redirect(safeRedirect(form.get('redirectTo'), '/members'))
}
