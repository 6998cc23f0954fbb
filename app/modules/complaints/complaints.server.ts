// Complaints (SPEC §1, §2 /complaints): stored per site, listed for the site's operators.
// The confirmation mail carries only the reference number, and goes only to a logged-in
// member's own address: a form that mailed any typed address the sender's words would let
// anyone send the site's mail, with their text, to anyone (issue #20). Tenant-scoped under row-level security like accounts.
import type { Db } from '../db/client.server.ts'
import { readScoped, withScope, type Reader, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'
import type { ComplaintInput } from './schema.ts'

export type FiledComplaint = { id: number; reference: string }

/** The number the sender can quote: short, per site, not a guessable row count across sites. */
export const complaintReference = (id: number) => `K-${String(id).padStart(6, '0')}`

export async function fileComplaint(
  ctx: MailContext & { db: Db; scope: Scope },
  input: ComplaintInput & { userId: string | null; locale: string; link: string; /** The logged-in member's own address; null: no mail (the page shows the number). */ confirmTo: string | null },
): Promise<FiledComplaint> {
  const row = await withScope(ctx.db, ctx.scope, (tx) =>
    tx.complaint.create({
      data: {
        poolId: ctx.scope.poolId,
        tenantId: ctx.scope.tenantId,
        userId: input.userId,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        transaction: input.transaction ?? null,
        locale: input.locale,
      },
      select: { id: true },
    }),
  )
  const reference = complaintReference(row.id)
  // The complaint is stored whatever happens to the mail: a failed confirmation must not
  // make the sender file it twice. The failure is logged for the operator.
  if (!input.confirmTo) return { id: row.id, reference }
  try {
    await sendMail(ctx, { to: input.confirmTo, kind: 'complaint_received', link: input.link, values: { reference } })
  } catch (error) {
    console.error(`complaint ${reference} (${ctx.scope.tenantId}): confirmation mail failed`, error)
  }
  return { id: row.id, reference }
}

export type ComplaintRow = { id: number; reference: string; name: string; email: string; subject: string; message: string; transaction: string | null; createdAt: Date; handledAt: Date | null }

/** The site's complaints, open ones first, newest first. */
export async function listComplaints(reader: Reader, scope: Scope, limit = 200): Promise<ComplaintRow[]> {
  const rows = await readScoped(reader, scope, (tx) =>
    tx.complaint.findMany({
      where: { poolId: scope.poolId, tenantId: scope.tenantId },
      orderBy: [{ handledAt: { sort: 'asc', nulls: 'first' } }, { createdAt: 'desc' }],
      take: limit,
      select: { id: true, name: true, email: true, subject: true, message: true, transaction: true, createdAt: true, handledAt: true },
    }),
  )
  return rows.map((r) => ({ ...r, reference: complaintReference(r.id) }))
}

/** Marks one of the site's complaints handled; false when it is not this site's. */
export async function markComplaintHandled(db: Db, scope: Scope, id: number, now = new Date()): Promise<boolean> {
  return withScope(db, scope, (tx) => markComplaintHandledIn(tx, scope, id, now))
}

/** The same inside the caller's transaction (the console audits beside it). */
export async function markComplaintHandledIn(tx: ScopedTx, scope: Scope, id: number, now = new Date()): Promise<boolean> {
  const { count } = await tx.complaint.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id, handledAt: null }, data: { handledAt: now } })
  return count === 1
}
