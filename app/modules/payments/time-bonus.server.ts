// The time bonus for the default layout (SPEC §4): only for a logged-in, unpaid member in
// the first 14,400 s after signup who has not used it; its texts come translated from here,
// so pages do not carry the payments catalogue for a banner most members never see.
import type { AppLoadContext } from '@remix-run/node'
import { readScoped } from '../db/scoped.server.ts'
import { paymentsEnabled } from './availability.ts'
import { TIME_BONUS_SECONDS, timeBonusFor } from './discounts.server.ts'

export type TimeBonusView = {
  secondsLeft: number
  credits: number
  texts: { title: string; actFast: string; cta: string; close: string; banner: string }
}

export async function timeBonusView(context: Pick<AppLoadContext, 'member' | 'reads' | 'scope' | 'tenant' | 't'>, now = new Date()): Promise<TimeBonusView | null> {
  const { member, reads, scope, tenant, t } = context
  if (!member || member.paidUser || !paymentsEnabled(tenant)) return null
  // Most members are past the window: no query for them.
  if (now.getTime() - member.signupDate.getTime() >= TIME_BONUS_SECONDS * 1000) return null
  const bonus = await readScoped(reads, scope, (tx) => timeBonusFor(tx, scope, { id: member.userId, paidUser: member.paidUser, signupDate: member.signupDate }, now))
  if (!bonus) return null
  const time = '{{time}}'
  return {
    secondsLeft: Math.floor((bonus.expiresAt.getTime() - now.getTime()) / 1000),
    credits: member.credits,
    texts: {
      title: t('timeBonus.title', { ns: 'payments' }),
      actFast: t('timeBonus.actFast', { ns: 'payments', time }),
      cta: t('timeBonus.cta', { ns: 'payments' }),
      close: t('timeBonus.close', { ns: 'payments' }),
      banner: t('timeBonus.banner', { ns: 'payments', time }),
    },
  }
}
