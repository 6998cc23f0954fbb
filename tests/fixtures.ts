// Small builders for integration tests. Rows are written through the scoped helper as the
// runtime role, exactly like the app does.
import { createDb, type Db } from '../app/modules/db/client.server.ts'
import { withScope, type Scope } from '../app/modules/db/scoped.server.ts'
import type { Prisma } from '../app/generated/prisma/client.ts'

export const FLIRTLOKAAL: Scope = { tenantId: 'flirtlokaal', poolId: 'benelux' }
export const DATEDICHTBIJ: Scope = { tenantId: 'datedichtbij', poolId: 'benelux' }
export const DATEVIBE: Scope = { tenantId: 'datevibe', poolId: 'datevibe' }

export function appDb(max = 4): Db {
  return createDb(process.env.APP_DATABASE_URL!, max)
}

export function ownerDb(max = 2): Db {
  return createDb(process.env.TEST_OWNER_DATABASE_URL!, max)
}

let counter = 0

export async function createMember(db: Db, scope: Scope, name = `member${++counter}`) {
  return withScope(db, scope, async (tx) => {
    const user = await tx.user.create({
      data: { poolId: scope.poolId, tenantId: scope.tenantId, email: `${name}.${counter}@example.test`, status: 'active' },
    })
    const profile = await tx.profile.create({
      data: {
        poolId: scope.poolId,
        tenantId: scope.tenantId,
        userId: user.id,
        name,
        gender: 'woman',
        birthDate: new Date('1990-05-17'),
        country: scope.poolId === 'benelux' ? 'NL' : 'GB',
        status: 'active',
      },
    })
    return { user, profile }
  })
}

export type ProfileSpec = Partial<Omit<Prisma.ProfileUncheckedCreateInput, 'poolId' | 'tenantId'>> & { photo?: boolean }

let profiles = 0

/**
 * An active profile in the scope's pool without an account (as operators run fictional ones),
 * with an active main photo unless `photo: false`. Returns its id.
 */
export async function createProfile(db: Db, scope: Scope, spec: ProfileSpec = {}): Promise<number> {
  const { photo = true, ...fields } = spec
  return withScope(db, scope, async (tx) => {
    const p = await tx.profile.create({
      data: {
        name: `Profile ${++profiles}`,
        gender: 'woman',
        birthDate: new Date('1990-04-04'),
        country: scope.poolId === 'benelux' ? 'NL' : 'GB',
        status: 'active',
        // Fictional profiles are shown among the live cams unless the spec says otherwise.
        liveCam: fields.fictional === true,
        ...fields,
        poolId: scope.poolId,
        tenantId: scope.tenantId,
      },
      select: { id: true },
    })
    if (photo) {
      await tx.photo.create({ data: { poolId: scope.poolId, profileId: p.id, filename: `full${p.id}.jpg`, thumbFilename: `thumb${p.id}.jpg`, status: 'active', isMain: true } })
    }
    return p.id
  })
}
