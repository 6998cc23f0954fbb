import { useRevalidator } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useCountdown } from '~/components/swipe/countdown.tsx'
import { formatCountdown } from './countdown.tsx'

/**
 * The running discount with its countdown; at zero the page reloads its (undiscounted)
 * prices. The time left is filled into its whole sentence ("3:47:32 left"), never glued
 * after a sentence built around an empty placeholder.
 */
export function DiscountNote({ discount }: { discount: { percent: number; secondsLeft: number; code: string } }) {
  const { t } = useTranslation('payments')
  const revalidator = useRevalidator()
  const left = useCountdown(discount.secondsLeft, () => revalidator.revalidate())
  return (
    <p className="discount-note" role="status" data-testid="discount" data-code={discount.code}>
      <strong>{t('credits.discount', { percent: discount.percent })}</strong>{' '}
      <time dateTime={`PT${left}S`} data-testid="countdown">
        {t('credits.discountEnds', { time: formatCountdown(left) })}
      </time>
    </p>
  )
}
