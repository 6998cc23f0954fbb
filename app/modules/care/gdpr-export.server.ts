// GDPR export (issue #23, decision 049): everything held about one e-mail address on every
// one of the operator's sites that holds it, as one zip streamed with archiver: data.json
// and the photo files (every photo of the member, whatever its state). Read on the
// operator's handle: another pool's accounts are not found.
import { PassThrough, type Readable } from 'node:stream'
import { ZipArchive } from 'archiver'
import type { ScopedTx } from '../db/scoped.server.ts'
import type { MediaStorage } from '../media/storage.server.ts'
import { reachWhere, type Reach } from '../operators/scope.server.ts'

export async function collectExport(tx: ScopedTx, reach: Reach, email: string) {
  const address = email.trim().toLowerCase()
  const users = await tx.user.findMany({
    where: { email: address, ...reachWhere(reach) },
    omit: { passwordHash: true },
    include: { profile: { include: { photos: true } } },
    orderBy: { signupDate: 'asc' },
  })
  const accounts = []
  const photos: { key: string; name: string }[] = []
  for (const user of users) {
    const { profile, ...account } = user
    const ledger = await tx.creditTransaction.findMany({ where: { poolId: user.poolId, tenantId: user.tenantId, userId: user.id }, orderBy: { id: 'asc' } })
    const payments = await tx.payment.findMany({ where: { poolId: user.poolId, tenantId: user.tenantId, userId: user.id }, orderBy: { createdAt: 'asc' }, omit: { checkoutUrl: true, idempotencyKey: true } })
    const complaints = await tx.complaint.findMany({ where: { poolId: user.poolId, tenantId: user.tenantId, OR: [{ userId: user.id }, { email: address }] }, orderBy: { createdAt: 'asc' } })
    const messages = await (profile ? tx.message.findMany({ where: { poolId: profile.poolId, senderId: profile.id }, orderBy: { createdAt: 'asc' }, select: { id: true, recipientId: true, body: true, gift: true, credits: true, createdAt: true } }) : [])
    const likes = await (profile ? tx.like.findMany({ where: { poolId: profile.poolId, likerId: profile.id } }) : [])
    const blocks = await (profile ? tx.block.findMany({ where: { poolId: profile.poolId, blockerId: profile.id } }) : [])
    if (profile) {
      for (const photo of profile.photos) photos.push({ key: photo.filename, name: `${user.tenantId}/photo-${photo.id}${extension(photo.filename)}` })
    }
    accounts.push({ site: user.tenantId, account, profile, creditLedger: ledger, payments, complaints, messagesSent: messages, likesGiven: likes, blocked: blocks })
  }
  return { data: { email: address, exportedAt: new Date().toISOString(), accounts }, photos }
}

const extension = (key: string) => (/\.\w+$/.exec(key)?.[0] ?? '')

const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)

/** The zip as a stream: data.json first, then each photo as storage hands it over. */
export function exportZip(collected: Awaited<ReturnType<typeof collectExport>>, storage: MediaStorage): Readable {
  const out = new PassThrough()
  const zip = new ZipArchive({ zlib: { level: 6 } })
  zip.on('error', (error) => out.destroy(error))
  zip.pipe(out)
  zip.append(JSON.stringify(collected.data, replacer, 2), { name: 'data.json' })
  void (async () => {
    for (const photo of collected.photos) {
      const object = await storage.get(photo.key).catch(() => null)
      if (object) zip.append(object.body, { name: photo.name })
    }
    await zip.finalize()
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}
