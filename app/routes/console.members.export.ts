// POST /members/export on the console host (issue #23): the GDPR export of one e-mail
// address across the operator's sites, streamed as one zip (data.json and the photos).
// Audited per account (who exported what, never the data itself).
import { createReadableStreamFromReadable, type ActionFunctionArgs } from '@remix-run/node'
import { collectExport, exportZip } from '~/modules/care/gdpr-export.server.ts'
import { getMediaStorage } from '~/modules/media/storage.server.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } })
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor, t } = await requireOperator(context, request, { roles: ['admin', 'moderator'] })
  const form = await request.formData()
  const email = String(form.get('email') ?? '').trim().toLowerCase().slice(0, 254)
  const text = (key: string, status: number) => new Response(t(key), { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  if (!EMAIL.test(email)) return text('members.emailInvalid', 400)
  const collected = await withOperator(db, async (tx) => {
    const found = await collectExport(tx, reach, email)
    for (const account of found.data.accounts) {
      const site = reach.sites.find((s) => s.slug === account.site)
      await auditIn(tx, actor, { action: 'member.export', tenantId: account.site, poolId: site?.pool ?? null, targetType: 'member', targetId: account.account.id })
    }
    return found
  })
  if (collected.data.accounts.length === 0) return text('members.nothingFound', 404)
  const name = `export-${new Date().toISOString().slice(0, 10)}.zip`
  return new Response(createReadableStreamFromReadable(exportZip(collected, getMediaStorage())), {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' },
  })
}
